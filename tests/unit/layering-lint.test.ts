import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layering's "nevers" are lint rules (eslint.config.mjs): each breach below, written into a
// file where it is forbidden, is reported, and the same import where it is allowed is not. The
// files are never written: ESLint lints the text as if it were at that path.

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const breaches: Array<[never: string, filePath: string, source: string]> = [
  ["db/ imports nothing from lib/", "db/schema/breach.ts", 'import { imported } from "@/lib/domain/enums";'],
  [
    "db/ imports nothing from lib/, relatively either",
    "db/schema/breach.ts",
    'import { imported } from "../../lib/x";',
  ],
  ["a service imports no component", "lib/leads/breach.ts", 'import { imported } from "@/components/ui/format-date";'],
  ["a service imports no page code", "lib/leads/breach.ts", 'import { imported } from "@/app/_forms/form-errors";'],
  ["a service never calls the API wrapper", "lib/leads/breach.ts", 'import { imported } from "@/lib/api/handler";'],
  ["a service reads no request", "lib/leads/breach.ts", 'import { imported } from "next/headers";'],
  ["the API door imports no UI code", "lib/api/breach.ts", 'import { imported } from "@/components/ui/format-date";'],
  ["no SQL in a page", "app/(app)/leads/breach.tsx", 'import { imported } from "drizzle-orm";'],
  ["no table in a component", "components/leads/breach.tsx", 'import { imported } from "@/db/schema";'],
  [
    "a server action takes formAction's shape",
    "app/(app)/leads/actions.ts",
    'import { imported } from "@/lib/auth/get-current-member";',
  ],
];

const allowed: Array<[why: string, filePath: string, source: string]> = [
  ["lib/ reads db/", "lib/leads/fine.ts", 'import { imported } from "@/db/schema";'],
  ["a page reads lib/ and components/", "app/(app)/leads/fine.tsx", 'import { imported } from "@/components/ui/x";'],
  ["the API door uses its own parts", "lib/api/fine.ts", 'import { imported } from "@/lib/api/respond";'],
  ["db/ reads its own enums", "db/schema/fine.ts", 'import { imported } from "../enums";'],
];

describe("the layering rules in lint", () => {
  it.each(breaches)("reports a breach: %s", async (_never, filePath, source) => {
    expect(await restrictedImports(filePath, source)).toHaveLength(1);
  });

  it.each(allowed)("lets through: %s", async (_why, filePath, source) => {
    expect(await restrictedImports(filePath, source)).toEqual([]);
  });
});
