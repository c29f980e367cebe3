import { describe, expect, it } from "vitest";
import type { ApiKeySummary } from "@/lib/keys/list-api-keys";
import { groupKeyRolls } from "@/app/(app)/settings/api/key-rolls";

const row = (id: string, over: Partial<ApiKeySummary> = {}): ApiKeySummary => ({
  id,
  name: "Portal sync",
  prefix: `lpm_${id}`,
  createdBy: null,
  createdAt: new Date(0),
  lastUsedAt: null,
  revokedAt: null,
  permissions: null,
  expiresAt: null,
  replacedBy: null,
  status: "active",
  ...over,
});

// Issue 31, 1b: the settings list shows a roll as one key with two secrets until the overlap ends.
describe("the key list groups a roll's secrets into one key", () => {
  it("one row per key, its old secrets listed while they still answer", () => {
    const keys = [
      row("c"), // newest first, as listApiKeys answers
      row("other"),
      row("b", { replacedBy: "c", expiresAt: new Date(Date.now() + 3_600_000) }),
      row("a", { replacedBy: "b", expiresAt: new Date(1), status: "expired" }),
    ];
    expect(groupKeyRolls(keys).map((g) => [g.key.id, g.previous.map((p) => p.id), g.rootId])).toEqual([
      ["c", ["b"], "a"],
      ["other", [], "other"],
    ]);
  });

  it("after the overlap, one key with one secret; a revoked key shows none of its old secrets", () => {
    const ended = [row("b"), row("a", { replacedBy: "b", status: "expired" })];
    expect(groupKeyRolls(ended)).toEqual([{ key: ended[0], previous: [], rootId: "a" }]);
    const revoked = [row("b", { status: "revoked" }), row("a", { replacedBy: "b", status: "revoked" })];
    expect(groupKeyRolls(revoked)).toEqual([{ key: revoked[0], previous: [], rootId: "a" }]);
  });
});
