import { afterEach, describe, expect, it } from "vitest";
import postgres from "postgres";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// The limiter protects the database: a request refused with 401, 403 or 429 reads nothing of
// the account's data. Shown on PostgreSQL (a second connection holds the leads table locked, so
// any read of it waits): the refusals answer at once, the one allowed request waits for the lock.
// Not a .db test: PGlite has one connection, so nothing could hold a lock beside the API.

const LEAD_READ_WAITS_MS = 300;
let locker: postgres.Sql | undefined;

afterEach(async () => {
  await locker?.end({ timeout: 1 });
  locker = undefined;
});

/** Holds ACCESS EXCLUSIVE on leads until the returned function is called. */
async function lockLeads(): Promise<() => Promise<void>> {
  locker = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const conn = await locker.reserve();
  await conn`begin`;
  await conn`lock table leads in access exclusive mode`;
  let held = true;
  // Safe to call twice (the test unlocks midway, and again in `finally` if it failed before).
  return async () => {
    if (!held) return;
    held = false;
    await conn`rollback`;
    conn.release();
  };
}

const settled = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(() => "answered" as const),
    new Promise<"waiting">((r) => setTimeout(() => r("waiting"), ms)),
  ]);

describe("refused requests read no resource", () => {
  it("401, 403 and 429 answer while the leads table is locked; an allowed GET /leads/:id waits for it", async () => {
    const owner = await createTenant();
    const starter = await createTenant("starter");
    const revoked = await createTenant();
    const limited = await createTenant();
    const db = await getDb();
    const leadId = newId("lead");
    await db.insert(leads).values({ id: leadId, accountId: owner.accountId, name: "Locked Lead" });
    await revokeApiKey(revoked.keyId, revoked.accountId, null);
    // Use up the limited key's minute on a route that reads no lead, half as much again: the
    // window slides, and a minute used up by exactly 100 near its end lets requests through a few
    // seconds into the next one (which then read the locked table and hang the test). 150 keep the
    // key over its limit for the next 20 s whenever they were sent.
    await Promise.all(
      Array.from({ length: 150 }, () => callApi("GET", "/api/v1/activities?limit=1", { key: limited.key })),
    );

    const unlock = await lockLeads();
    try {
      const path = `/api/v1/leads/${leadId}`;
      expect((await callApi("GET", path, { key: limited.key })).status).toBe(429);
      expect((await callApi("GET", "/api/v1/leads", { key: limited.key })).status).toBe(429);
      expect((await callApi("GET", path, { key: revoked.key })).status).toBe(401);
      expect((await callApi("GET", path, { key: starter.key })).status).toBe(403);
      // The control: a request that may read does read, and so waits for the lock.
      const allowed = callApi("GET", path, { key: owner.key });
      expect(await settled(allowed, LEAD_READ_WAITS_MS)).toBe("waiting");
      await unlock();
      const answered = await allowed;
      expect(answered.status).toBe(200);
      expect(answered.body.data).toMatchObject({ id: leadId, name: "Locked Lead" });
    } finally {
      await unlock();
    }
  });
});
