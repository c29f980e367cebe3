import { describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { generateApiKey } from "@/lib/api-keys/key-format";
import { callApi, createOperationTargets, createTenant, OPERATIONS, type ApiResponse } from "../../helpers/api";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({
    code,
    message: expect.any(String),
    requestId: expect.stringMatching(/^req_/),
  });
  expect(res.headers.get("x-request-id")).toBe((res.body.error as { requestId: string }).requestId);
  expect(res.headers.get("content-type")).toContain("application/json");
}

// The shared checks every route gets: missing, malformed, unknown, revoked key; wrong plan.
describe.each(OPERATIONS)("$method $path", (op) => {
  const ids = {
    lead: "lead_01aaaaaaaaaaaaaaaaaaaaaaaa",
    property: "prop_01aaaaaaaaaaaaaaaaaaaaaaaa",
    visit: "visit_01aaaaaaaaaaaaaaaaaaaaaaaa",
    sms: "sms_01aaaaaaaaaaaaaaaaaaaaaaaa",
  };
  const path = op.path(ids);
  const body = op.body?.(ids);

  it("401 missing_api_key without Authorization, and not rate-limit counted", async () => {
    const res = await callApi(op.method, path, { body });
    expectError(res, 401, "missing_api_key");
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });

  it("401 invalid_api_key for malformed, unknown and revoked keys, with one message", async () => {
    const tenant = await createTenant();
    const { key: unknownKey } = generateApiKey();
    const typo = tenant.key.slice(0, -1) + (tenant.key.endsWith("a") ? "b" : "a");
    const messages = new Set<string>();
    for (const authorization of [
      "Bearer",
      "Basic abc",
      `Bearer ${typo}`,
      `Bearer ${unknownKey}`,
      `Token ${tenant.key}`,
      `Bearer ${tenant.key} extra`,
    ]) {
      const res = await callApi(op.method, path, { body, headers: { authorization } });
      expectError(res, 401, "invalid_api_key");
      messages.add((res.body.error as { message: string }).message);
    }
    await revokeApiKey(tenant.keyId, tenant.accountId);
    const revoked = await callApi(op.method, path, { body, key: tenant.key });
    expectError(revoked, 401, "invalid_api_key");
    messages.add((revoked.body.error as { message: string }).message);
    expect(messages.size).toBe(1);
  });

  it.each(["starter", "professional"] as const)("403 plan_required on the %s plan", async (plan) => {
    const tenant = await createTenant(plan);
    const res = await callApi(op.method, path, { body, key: tenant.key });
    expectError(res, 403, "plan_required");
    expect(res.headers.get("ratelimit-limit")).toBe("100");
  });

  it("another account's id is a 404, never the other account's data", async () => {
    if (!/(lead|prop|visit|sms)_/.test(path) && !JSON.stringify(body ?? {}).includes("lead_")) return;
    const owner = await createTenant();
    const intruder = await createTenant();
    const theirIds = await createOperationTargets(owner, "Owned");
    const res = await callApi(op.method, op.path(theirIds), { body: op.body?.(theirIds), key: intruder.key });
    expectError(res, 404, "not_found");
    // And the owner still sees it unchanged.
    const still = await callApi("GET", `/api/v1/leads/${theirIds.lead}`, { key: owner.key });
    expect(still.body.data).toMatchObject({ name: "Owned lead", status: "new" });
  });
});
