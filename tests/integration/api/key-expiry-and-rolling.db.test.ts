import { afterEach, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLogEntries, requestLogs } from "@/db/schema";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import { createApiKey } from "@/lib/keys/create-api-key";
import { createApiKeyAction } from "@/app/(app)/settings/api/actions";
import { generateApiKey } from "@/lib/keys/key-format";
import { READ_ONLY_PERMISSIONS } from "@/lib/keys/permissions";
import { endRollOverlap, revokeApiKey } from "@/lib/keys/revoke-api-key";
import { rollApiKey } from "@/lib/keys/roll-api-key";
import { ROLL_OVERLAPS } from "@/lib/keys/api-key-expiry";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestClient } from "@/lib/audit/request-client";
import { getMember } from "@/lib/users/get-member";
import { form } from "../web/web-fixtures";
import { updateApiKeyPermissions } from "@/lib/keys/update-api-key-permissions";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// Expiry and rolling against a controlled clock: only Date is faked, so the key check's
// `Date.now()` is the test's, while timers, the database and Redis run as usual.

const HOUR = 3_600_000;

const ownerOf = async (tenant: { accountId: string; userId: string }) =>
  (await getMember(tenant.accountId, tenant.userId))!;

// "Roll key" as Settings → Public API does it for the owner (app/(app)/settings/api/actions.ts).
const rollAsOwner = async (
  tenant: { accountId: string; userId: string },
  keyId: string,
  origin: RequestClient = { ip: "203.0.113.9", userAgent: "vitest" },
) =>
  rollApiKey({
    keyId,
    accountId: tenant.accountId,
    overlapMs: ROLL_OVERLAPS["1h"],
    createdBy: tenant.userId,
    audit: userAuditActor(await ownerOf(tenant), origin),
  });
const status = async (key: string) => (await callApi("GET", "/api/v1/leads?limit=1", { key })).status;
const errorCode = async (key: string) =>
  ((await callApi("GET", "/api/v1/leads?limit=1", { key })).body.error as { code: string } | undefined)?.code;

const auditEntries = async (accountId: string, action: string) =>
  (await getDb())
    .select()
    .from(auditLogEntries)
    .where(and(eq(auditLogEntries.accountId, accountId), eq(auditLogEntries.action, action as never)));

afterEach(() => {
  vi.useRealTimers();
});

describe("key expiry", () => {
  it("works until the expiry instant and answers 401 api_key_expired from that instant on", async () => {
    const tenant = await createTenant();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const { key, id: keyId } = await createApiKey({
      accountId: tenant.accountId,
      name: "Expiring",
      createdBy: null,
      expiresAt,
    });

    vi.useFakeTimers({ toFake: ["Date"], now: expiresAt.getTime() - 1 });
    expect(await status(key)).toBe(200);

    vi.setSystemTime(expiresAt);
    const refused = await callApi("GET", "/api/v1/leads?limit=1", { key });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: "api_key_expired" });
    expect((refused.body.error as { message: string }).message).toContain(expiresAt.toISOString());
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
    // Distinct from a key that never existed.
    expect(await errorCode(generateApiKey().key)).toBe("invalid_api_key");
    // Logged under the key, where its owner looks for why an integration stopped.
    vi.useRealTimers();
    const requestId = refused.headers.get("x-request-id")!;
    await expect
      .poll(async () => (await getDb()).select().from(requestLogs).where(eq(requestLogs.requestId, requestId)), {
        timeout: 5000,
      })
      .toMatchObject([{ apiKeyId: keyId, status: 401, errorCode: "api_key_expired" }]);
  });

  it("refuses an expiry that is not in the future when an owner creates a key", async () => {
    const tenant = await createTenant();
    const owner = await ownerOf(tenant);
    const create = async (expiresOn: string) =>
      createApiKeyAction.run(
        owner,
        form({ name: "Past", preset: "full_access", expiry: "date", expiresOn }),
        UNKNOWN_CLIENT,
      );
    const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
    expect(await create(day(-86_400_000))).toMatchObject({
      status: "error",
      fieldErrors: { expiresOn: "Choose a date after today." },
    });
    const created = await create(day(2 * 86_400_000));
    expect(await status(created.createdKey!.key)).toBe(200);
  });
});

describe("rolling a key", () => {
  it("keeps both secrets working until the overlap ends, then only the new one", async () => {
    const tenant = await createTenant();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const rolled = await rollAsOwner(tenant, tenant.keyId);
    expect(rolled.key).not.toBe(tenant.key);
    expect(rolled.name).toBe(tenant.keyName);
    expect(rolled.previous).toEqual({ id: tenant.keyId, expiresAt: new Date(start + HOUR) });

    expect([await status(tenant.key), await status(rolled.key)]).toEqual([200, 200]);
    vi.setSystemTime(start + HOUR - 1);
    expect([await status(tenant.key), await status(rolled.key)]).toEqual([200, 200]);
    vi.setSystemTime(start + HOUR);
    expect(await errorCode(tenant.key)).toBe("api_key_expired");
    expect(await status(rolled.key)).toBe(200);

    const [entry, ...more] = await auditEntries(tenant.accountId, "api_key.rolled");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorType: "user",
      actorId: tenant.userId,
      targetId: tenant.keyId,
      ip: "203.0.113.9",
      userAgent: "vitest",
    });
    expect(entry.changes.expiresAt).toEqual([null, new Date(start + HOUR).toISOString()]);
  });

  it("with no overlap, the old secret stops at once", async () => {
    const tenant = await createTenant();
    const rolled = await rollApiKey({
      keyId: tenant.keyId,
      accountId: null,
      overlapMs: 0,
      createdBy: null,
      audit: CLI_AUDIT_ACTOR,
    });
    expect(await errorCode(tenant.key)).toBe("api_key_expired");
    expect(await status(rolled.key)).toBe(200);
  });

  it("keeps the permissions and never extends the expiry; a rolled, revoked or expired key cannot roll", async () => {
    const tenant = await createTenant();
    const expiresAt = new Date(Date.now() + 2 * HOUR);
    const restricted = await createApiKey({
      accountId: tenant.accountId,
      name: "Reader",
      createdBy: null,
      permissions: READ_ONLY_PERMISSIONS,
      expiresAt,
    });
    const roll = (keyId: string, overlapMs = 7 * 24 * HOUR) =>
      rollApiKey({ keyId, accountId: tenant.accountId, overlapMs, createdBy: null, audit: CLI_AUDIT_ACTOR });
    const rolled = await roll(restricted.id);
    expect(rolled.permissions).toEqual(READ_ONLY_PERMISSIONS);
    expect(rolled.expiresAt).toEqual(expiresAt);
    // A 7-day overlap ends no later than the key itself would have.
    expect(rolled.previous.expiresAt).toEqual(expiresAt);
    expect((await callApi("POST", "/api/v1/leads", { key: rolled.key, body: { name: "No" } })).status).toBe(403);

    await expect(roll(restricted.id)).rejects.toMatchObject({ code: "conflict" });
    await revokeApiKey(rolled.id, tenant.accountId, null);
    await expect(roll(rolled.id)).rejects.toMatchObject({ code: "conflict" });
    // Another account's key is not found, as if it did not exist.
    const other = await createTenant();
    await expect(
      rollApiKey({
        keyId: other.keyId,
        accountId: tenant.accountId,
        overlapMs: 0,
        createdBy: null,
        audit: CLI_AUDIT_ACTOR,
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

// Issue 31, 1b and 10: a rolled key is one key with two secrets until the overlap ends.
describe("a rolled key is one key: every secret is revoked and restricted together (issue 31, findings 1b and 10)", () => {
  const get = async (key: string, path: string) => (await callApi("GET", path, { key })).status;

  it("the audit's steps: roll with a 1-hour overlap, set the new secret to Custom, revoke it", async () => {
    const tenant = await createTenant();
    const rolled = await rollAsOwner(tenant, tenant.keyId);
    expect([await get(tenant.key, "/api/v1/visits"), await get(rolled.key, "/api/v1/visits")]).toEqual([200, 200]);

    await updateApiKeyPermissions({
      keyId: rolled.id,
      accountId: tenant.accountId,
      permissions: { leads: "write", properties: "read" },
      audit: CLI_AUDIT_ACTOR,
    });
    // The edit reaches the old secret too: it no longer reads what the key may not.
    for (const key of [tenant.key, rolled.key]) {
      expect(await get(key, "/api/v1/visits")).toBe(403);
      expect(await get(key, "/api/v1/webhook-endpoints")).toBe(403);
      expect(await get(key, "/api/v1/properties")).toBe(200);
    }

    await revokeApiKey(rolled.id, tenant.accountId, null);
    for (const key of [tenant.key, rolled.key]) {
      expect(await errorCode(key)).toBe("invalid_api_key");
      expect(await get(key, "/api/v1/visits")).toBe(401);
    }
  });

  it("revoking through the old secret ends the new one as well, in one audit entry naming both", async () => {
    const tenant = await createTenant();
    const once = await rollAsOwner(tenant, tenant.keyId);
    const twice = await rollAsOwner(tenant, once.id);
    const other = await createTenant();
    expect(await status(other.key)).toBe(200);

    await revokeApiKey(tenant.keyId, tenant.accountId, CLI_AUDIT_ACTOR);
    for (const key of [tenant.key, once.key, twice.key]) expect(await errorCode(key)).toBe("invalid_api_key");
    expect(await status(other.key)).toBe(200);
    const [entry, ...more] = await auditEntries(tenant.accountId, "api_key.revoked");
    expect(more).toEqual([]);
    expect(entry.changes.prefixes?.[1]).toEqual(
      [tenant.key, once.key, twice.key].map((k) => `${k.slice(0, 12)}…`).join(", "),
    );
    // Nothing left to revoke: no second entry.
    await revokeApiKey(twice.id, tenant.accountId, CLI_AUDIT_ACTOR);
    expect(await auditEntries(tenant.accountId, "api_key.revoked")).toHaveLength(1);
    await expect(
      updateApiKeyPermissions({
        keyId: twice.id,
        accountId: tenant.accountId,
        permissions: null,
        audit: CLI_AUDIT_ACTOR,
      }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("stopping the old secret early ends only that secret", async () => {
    const tenant = await createTenant();
    const rolled = await rollAsOwner(tenant, tenant.keyId);
    await expect(endRollOverlap(rolled.id, tenant.accountId, CLI_AUDIT_ACTOR)).rejects.toMatchObject({
      code: "conflict",
    });
    const other = await createTenant();
    await expect(endRollOverlap(tenant.keyId, other.accountId, CLI_AUDIT_ACTOR)).rejects.toMatchObject({
      code: "not_found",
    });
    await endRollOverlap(tenant.keyId, tenant.accountId, CLI_AUDIT_ACTOR);
    expect(await errorCode(tenant.key)).toBe("api_key_expired");
    expect(await status(rolled.key)).toBe(200);
    expect(await auditEntries(tenant.accountId, "api_key.old_secret_stopped")).toHaveLength(1);
  });
});

describe("changing a key's permissions", () => {
  it("takes effect on the very next request, and records one entry per real change", async () => {
    const tenant = await createTenant();
    const write = () => callApi("POST", "/api/v1/leads", { key: tenant.key, body: { name: "Perm" } });
    expect((await write()).status).toBe(201);

    const change = (permissions: typeof READ_ONLY_PERMISSIONS | null) =>
      updateApiKeyPermissions({
        keyId: tenant.keyId,
        accountId: tenant.accountId,
        permissions,
        audit: CLI_AUDIT_ACTOR,
      });
    await change(READ_ONLY_PERMISSIONS);
    const refused = await write();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "insufficient_permissions",
      details: [{ path: "permissions.leads", permission: "leads:write" }],
    });
    await change(READ_ONLY_PERMISSIONS); // no change: no entry
    await change(null);
    expect((await write()).status).toBe(201);

    const entries = await auditEntries(tenant.accountId, "api_key.permissions_changed");
    expect(entries.map((e) => e.changes.permissions)).toEqual(
      expect.arrayContaining([
        ["Full access", expect.stringContaining("leads:read")],
        [expect.stringContaining("leads:read"), "Full access"],
      ]),
    );
    expect(entries).toHaveLength(2);
  });
});
