import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_SDK_FILE, renderGeneratedSdk } from "@/scripts/generate-sdk";

// The SDK's generated types must be those of today's OpenAPI document: a schema changed without
// regenerating would ship a client that disagrees with the API.
describe("sdk/src/generated/openapi.ts", () => {
  it("is what `npm run sdk:generate` writes from the current document", async () => {
    const expected = await renderGeneratedSdk();
    const actual = readFileSync(GENERATED_SDK_FILE, "utf8");
    // A plain boolean first: a diff of a 200 KB file buries the one instruction that matters.
    expect(actual === expected, "sdk/src/generated/openapi.ts is stale: run `npm run sdk:generate` and commit it").toBe(
      true,
    );
  }, 60_000);
});
