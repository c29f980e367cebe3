import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { READ_ONLY_PERMISSIONS } from "@/lib/keys/permissions";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { rollApiKey } from "@/lib/keys/roll-api-key";
import { updateApiKeyPermissions } from "@/lib/keys/update-api-key-permissions";
import { callApi, createTenant } from "../../helpers/api";
import { killAndWait } from "../../helpers/spawn-process";
import { startApiServer } from "../../helpers/start-api-server";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// Revoking, rolling and restricting a key take effect on the very next request on every
// instance. Three app instances on one database: this test's process (which makes each change,
// having served the key just before, so any cache it kept would be warm) and two server
// processes running the real /api/v1 handlers (tests/helpers/api-server.ts), also warmed first.
// Each must refuse on the request right after the change, with no wait.

const servers: ChildProcess[] = [];
const bases: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const started = await startApiServer();
    servers.push(started.child);
    bases.push(started.base);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => killAndWait(s)));
});

/** The status and error code each instance answers for `key`, this process first. */
async function everyInstance(key: string, method = "GET", body?: unknown): Promise<string[]> {
  const path = method === "GET" ? "/api/v1/leads?limit=1" : "/api/v1/leads";
  const local = await callApi(method, path, { key, body });
  const answers = [`${local.status} ${(local.body.error as { code?: string } | undefined)?.code ?? ""}`.trim()];
  for (const base of bases) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { error?: { code: string } };
    answers.push(`${res.status} ${json.error?.code ?? ""}`.trim());
  }
  return answers;
}

describe("key changes on three instances", () => {
  it("a revoke made in one is refused by the others on their next request", async () => {
    const tenant = await createTenant();
    expect(await everyInstance(tenant.key)).toEqual(["200", "200", "200"]);
    await revokeApiKey(tenant.keyId, tenant.accountId, CLI_AUDIT_ACTOR);
    expect(await everyInstance(tenant.key)).toEqual(Array(3).fill("401 invalid_api_key"));
  }, 30_000);

  it("a roll with no overlap ends the old secret everywhere at once; the new one works everywhere", async () => {
    const tenant = await createTenant();
    expect(await everyInstance(tenant.key)).toEqual(["200", "200", "200"]);
    const rolled = await rollApiKey({
      keyId: tenant.keyId,
      accountId: tenant.accountId,
      overlapMs: 0,
      createdBy: null,
      audit: CLI_AUDIT_ACTOR,
    });
    expect(await everyInstance(tenant.key)).toEqual(Array(3).fill("401 api_key_expired"));
    expect(await everyInstance(rolled.key)).toEqual(["200", "200", "200"]);
  }, 30_000);

  it("narrowing a key's permissions applies everywhere on the next request", async () => {
    const tenant = await createTenant();
    expect(await everyInstance(tenant.key, "POST", { name: "Before" })).toEqual(["201", "201", "201"]);
    await updateApiKeyPermissions({
      keyId: tenant.keyId,
      accountId: tenant.accountId,
      permissions: READ_ONLY_PERMISSIONS,
      audit: CLI_AUDIT_ACTOR,
    });
    expect(await everyInstance(tenant.key, "POST", { name: "After" })).toEqual(
      Array(3).fill("403 insufficient_permissions"),
    );
    expect(await everyInstance(tenant.key)).toEqual(["200", "200", "200"]);
  }, 30_000);
});
