import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { activities, apiKeys, leads, requestLogs } from "@/db/schema";
import { findApiKeyByHash } from "@/lib/api/authenticate-api-key";
import { recordApiRequest } from "@/lib/api/record-api-request";
import { generateApiKey, hashApiKey } from "@/lib/keys/key-format";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { newId } from "@/lib/ids/new-id";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, Lead, LeadWithActivities } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// The per-request work made cheaper after `npm run bench` (prepared key and lead queries, the
// limiter running beside the key lookup, batched request logs) must keep every guarantee.

describe("API hot path", () => {
  it("a revoked key stops working on the very next request (nothing of the lookup is cached)", async () => {
    const tenant = await createTenant();
    expect((await callApi("GET", "/api/v1/leads", { key: tenant.key })).status).toBe(200);
    await revokeApiKey(tenant.keyId, tenant.accountId, null);
    const after = await callApi("GET", "/api/v1/leads", { key: tenant.key });
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({ code: "invalid_api_key" });
  });

  it("requests with unknown or revoked keys never count against a live key", async () => {
    const tenant = await createTenant();
    const revoked = await createTenant();
    await revokeApiKey(revoked.keyId, revoked.accountId, null);
    const { key: unknown } = generateApiKey();
    for (let i = 0; i < 5; i++) {
      expect((await callApi("GET", "/api/v1/leads", { key: unknown })).status).toBe(401);
      expect((await callApi("GET", "/api/v1/leads", { key: revoked.key })).status).toBe(401);
    }
    const live = await callApi("GET", "/api/v1/leads", { key: tenant.key });
    expect(live.status).toBe(200);
    expect(live.headers.get("ratelimit-remaining")).toBe("99");
  });

  it("GET /leads/:id returns the lead's 50 newest activities and never another account's", async () => {
    const owner = await createTenant();
    const other = await createTenant();
    const created = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: owner.key,
      body: { name: "Busy Lead" },
    });
    const leadId = created.body.data.id;
    const db = await getDb();
    const base = Date.now();
    // 55 more of its own (56 with lead_created), and one claiming the lead from another account.
    await db.insert(activities).values(
      Array.from({ length: 55 }, (_, i) => ({
        id: newId("activity"),
        accountId: owner.accountId,
        leadId,
        type: "note" as const,
        summary: `note ${i}`,
        actorType: "system" as const,
        actorName: "Test",
        createdAt: new Date(base + 1000 + i),
      })),
    );
    await db.insert(activities).values({
      id: newId("activity"),
      accountId: other.accountId,
      leadId,
      type: "note",
      summary: "foreign",
      actorType: "system",
      actorName: "Test",
      createdAt: new Date(base + 5000),
    });
    const got = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${leadId}`, { key: owner.key });
    expect(got.status).toBe(200);
    const list = got.body.data.activities;
    expect(list).toHaveLength(50);
    // Newest first, in order: note 54 down to note 5 (the lead's own row joined to each).
    expect(list.map((a) => a.summary)).toEqual(Array.from({ length: 50 }, (_, i) => `note ${54 - i}`));
    expect(list.map((a) => a.summary)).not.toContain("foreign");
    expect(got.body.data.activitiesHasMore).toBe(true);
    expect((await callApi("GET", `/api/v1/leads/${leadId}`, { key: other.key })).status).toBe(404);
  });

  it("GET /leads/:id of a lead with no activity answers an empty timeline; a deleted lead is 404", async () => {
    const owner = await createTenant();
    const db = await getDb();
    const leadId = newId("lead");
    await db.insert(leads).values({ id: leadId, accountId: owner.accountId, name: "Imported Lead" });
    const got = await callApi("GET", `/api/v1/leads/${leadId}`, { key: owner.key });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      id: leadId,
      name: "Imported Lead",
      activities: [],
      activitiesHasMore: false,
    });
    await db.update(leads).set({ deletedAt: new Date() }).where(eq(leads.id, leadId));
    expect((await callApi("GET", `/api/v1/leads/${leadId}`, { key: owner.key })).status).toBe(404);
  });

  it("GET /leads/:id with an invalid id: 401 for a bad key first, then 400 for the path", async () => {
    const owner = await createTenant();
    const tooLong = `lead_${"x".repeat(120)}`;
    const { key: unknown } = generateApiKey();
    expect((await callApi("GET", `/api/v1/leads/${tooLong}`, { key: unknown })).body.error).toMatchObject({
      code: "invalid_api_key",
    });
    const invalid = await callApi("GET", `/api/v1/leads/${tooLong}`, { key: owner.key });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: "validation_error", details: [{ path: "id" }] });
  });

  it("the prepared key lookup survives the database being closed and reopened", async () => {
    const tenant = await createTenant();
    expect((await findApiKeyByHash(hashApiKey(tenant.key))).id).toBe(tenant.keyId);
    await closeDb();
    expect((await findApiKeyByHash(hashApiKey(tenant.key))).id).toBe(tenant.keyId);
  });

  it("request logs are written in batches, each row with its own fields and arrival time, and every caller learns when", async () => {
    const tenant = await createTenant();
    const base = Date.now() - 60_000;
    const ids = Array.from({ length: 250 }, () => newId("request"));
    // More than one batch (200 a batch), all concurrent; each row keeps its own arrival time,
    // error code (or none) and the characters a path may hold.
    await Promise.all(
      ids.map((requestId, i) =>
        recordApiRequest({
          accountId: tenant.accountId,
          apiKeyId: tenant.keyId,
          requestId,
          method: "GET",
          path: `/api/v1/leads/${i}'"\\ü`,
          status: i % 2 ? 200 : 404,
          durationMs: i,
          errorCode: i % 2 ? null : "not_found",
          at: new Date(base + i),
        }),
      ),
    );
    const db = await getDb();
    const rows = await db.select().from(requestLogs).where(inArray(requestLogs.requestId, ids));
    expect(rows).toHaveLength(250);
    for (const row of rows) {
      const i = ids.indexOf(row.requestId);
      expect(row).toMatchObject({
        accountId: tenant.accountId,
        apiKeyId: tenant.keyId,
        method: "GET",
        path: `/api/v1/leads/${i}'"\\ü`,
        status: i % 2 ? 200 : 404,
        durationMs: i,
        errorCode: i % 2 ? null : "not_found",
      });
      expect(row.createdAt.getTime()).toBe(base + i);
    }
  });

  it("an API request's log row is written shortly after the response", async () => {
    const tenant = await createTenant();
    const res = await callApi("GET", "/api/v1/leads?limit=1", { key: tenant.key });
    const requestId = res.headers.get("x-request-id")!;
    const db = await getDb();
    await expect
      .poll(() => db.select().from(requestLogs).where(eq(requestLogs.requestId, requestId)), {
        timeout: 5000,
        interval: 20,
      })
      .toHaveLength(1);
  });

  it("lastUsedAt of every key used is written shortly after its requests", async () => {
    const tenants = await Promise.all([createTenant(), createTenant(), createTenant()]);
    const before = Date.now();
    await Promise.all(tenants.map((t) => callApi("GET", "/api/v1/leads?limit=1", { key: t.key })));
    const db = await getDb();
    const lastUsed = async () =>
      (
        await db
          .select({ lastUsedAt: apiKeys.lastUsedAt })
          .from(apiKeys)
          .where(
            inArray(
              apiKeys.id,
              tenants.map((t) => t.keyId),
            ),
          )
      ).map((k) => k.lastUsedAt?.getTime() ?? null);
    await expect.poll(lastUsed, { timeout: 5000, interval: 20 }).not.toContain(null);
    for (const at of await lastUsed()) expect(at).toBeGreaterThanOrEqual(before - 5);
  });
});
