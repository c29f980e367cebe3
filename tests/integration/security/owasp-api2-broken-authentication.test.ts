import { describe, expect, it } from "vitest";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { rollApiKey } from "@/lib/keys/roll-api-key";
import { isWellFormedApiKey } from "@/lib/keys/key-format";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// OWASP API2:2023 Broken Authentication (the API side; sign-in throttling, parallel sign-ins
// and the per-address limit included, and sessions are in login-throttle.db.test.ts and the
// Playwright suite).
describe("API2 broken authentication", () => {
  it("a revoked key stops working on the very next request", async () => {
    const t = await createTenant();
    expect((await callApi("GET", "/api/v1/leads", { key: t.key })).status).toBe(200);
    await revokeApiKey(t.keyId, t.accountId, null);
    const res = await callApi("GET", "/api/v1/leads", { key: t.key });
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("invalid_api_key");
  });

  it("revoking a rolled key ends its old secret too (issue 31, finding 1b)", async () => {
    const t = await createTenant();
    const rolled = await rollApiKey({
      keyId: t.keyId,
      accountId: t.accountId,
      overlapMs: 3_600_000,
      createdBy: null,
      audit: CLI_AUDIT_ACTOR,
    });
    await revokeApiKey(rolled.id, t.accountId, null);
    for (const key of [t.key, rolled.key]) {
      const res = await callApi("GET", "/api/v1/visits", { key });
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe("invalid_api_key");
    }
  });

  it("keys are never accepted from the query string or other headers", async () => {
    const t = await createTenant();
    for (const [path, headers] of [
      [`/api/v1/leads?api_key=${t.key}`, {}],
      ["/api/v1/leads", { "x-api-key": t.key }],
      ["/api/v1/leads", { cookie: `api_key=${t.key}` }],
    ] as const) {
      const res = await callApi("GET", path, { headers });
      expect(res.status, path).toBe(401);
      expect(res.body.error?.code).toBe("missing_api_key");
    }
  });

  it("a key with one character changed fails its checksum (rejected before any lookup)", async () => {
    const t = await createTenant();
    let rejected = 0;
    for (let i = 4; i < t.key.length; i += 7) {
      const typo = t.key.slice(0, i) + (t.key[i] === "Z" ? "Y" : "Z") + t.key.slice(i + 1);
      expect(isWellFormedApiKey(typo)).toBe(false);
      const res = await callApi("GET", "/api/v1/leads", { key: typo });
      expect(res.status).toBe(401);
      rejected++;
    }
    expect(rejected).toBeGreaterThan(5);
  });

  it("failed authentication is not counted against the key's rate limit", async () => {
    const t = await createTenant();
    const wrong = t.key.slice(0, -1) + (t.key.endsWith("a") ? "b" : "a");
    await Promise.all(Array.from({ length: 150 }, () => callApi("GET", "/api/v1/leads", { key: wrong })));
    const res = await callApi("GET", "/api/v1/leads", { key: t.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-remaining")).toBe("99");
  });
});
