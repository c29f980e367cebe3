import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A deploy without downtime (README) runs the new release's migrations while the old release
// still serves: a migration may add, never take away what the old code reads (expand, then
// contract a release later). A DROP or RENAME of a column or table is refused here unless the
// line before it says, in a `-- contract:` comment, which release stopped using it.
const DIR = path.resolve(__dirname, "../../db/migrations");
// Written before this rule, each in a release of its own.
const BEFORE_THE_RULE = new Set(["0019_drop_account_webhook_flag.sql", "0021_user_sessions.sql"]);
const TAKES_AWAY = /\b(drop\s+(column|table)|rename\s+(column|to))\b/i;

describe("migrations", () => {
  it("take nothing away that the release before still reads", () => {
    const offending = readdirSync(DIR)
      .filter((file) => file.endsWith(".sql") && !BEFORE_THE_RULE.has(file))
      .flatMap((file) => {
        const lines = readFileSync(path.join(DIR, file), "utf8").split("\n");
        return lines.flatMap((line, i) =>
          TAKES_AWAY.test(line) && !/^\s*--\s*contract:/i.test(lines[i - 1] ?? "") ? [`${file}: ${line.trim()}`] : [],
        );
      });
    expect(offending).toEqual([]);
  });
});
