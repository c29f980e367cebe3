import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { expireOldRecords } from "@/lib/housekeeping/expire-old-records";
import { createAccount } from "@/lib/accounts/create-account";
import { queryRows } from "@/lib/observability/query-rows";
import { agedEvent } from "../helpers/aged-event";

const pglite = !process.env.DATABASE_URL;
const DAY = 86_400_000;
const BATCH = 100;
const EXPIRED = 1_050;

async function insertEvents(accountId: string, count: number, ageMs: number): Promise<void> {
  const db = await getDb();
  const rows = Array.from({ length: count }, () => agedEvent(accountId, ageMs));
  for (let i = 0; i < rows.length; i += 500) await db.insert(events).values(rows.slice(i, i + 500));
}

const countEvents = async (accountId: string) => (await getDb()).$count(events, eq(events.accountId, accountId));

describe("housekeeping in batches", () => {
  let accountId: string;
  const previousBatchSize = process.env.EXPIRY_BATCH_SIZE;

  beforeAll(async () => {
    process.env.EXPIRY_BATCH_SIZE = String(BATCH);
    ({ accountId } = await createAccount({
      name: "HK batches",
      email: `hk-batches-${Date.now()}@x.test`,
      password: "pw",
      plan: "agency",
    }));
  });
  afterAll(() => {
    if (previousBatchSize === undefined) delete process.env.EXPIRY_BATCH_SIZE;
    else process.env.EXPIRY_BATCH_SIZE = previousBatchSize;
  });

  it("deletes expired events in transactions of at most EXPIRY_BATCH_SIZE rows, never one long one", async () => {
    const db = await getDb();
    await insertEvents(accountId, EXPIRED, 31 * DAY);
    await insertEvents(accountId, 3, 29 * DAY);
    // Which transaction deleted each of this account's events: a trigger writes it down.
    const probe = `expiry_probe_${accountId.replace(/\W/g, "_").toLowerCase()}`;
    await db.execute(sql.raw(`create table ${probe} (txid xid8 not null)`));
    await db.execute(
      sql.raw(`create function ${probe}_f() returns trigger language plpgsql as $$
        begin insert into ${probe} values (pg_current_xact_id()); return old; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger ${probe}_t after delete on events for each row
        when (old.account_id = '${accountId}') execute function ${probe}_f()`),
    );
    let ran: boolean;
    try {
      ran = await expireOldRecords();
    } finally {
      await db.execute(sql.raw(`drop trigger ${probe}_t on events`));
    }
    const perTransaction = await queryRows<{ rows: number }>(
      `select count(*)::int as rows from ${probe} group by txid`,
    );
    await db.execute(sql.raw(`drop table ${probe}`));
    await db.execute(sql.raw(`drop function ${probe}_f()`));

    expect(perTransaction.reduce((sum, t) => sum + t.rows, 0)).toBe(EXPIRED);
    expect(perTransaction.length).toBeGreaterThanOrEqual(Math.ceil(EXPIRED / BATCH));
    expect(Math.max(...perTransaction.map((t) => t.rows))).toBeLessThanOrEqual(BATCH);
    expect(await countEvents(accountId)).toBe(3);
    expect(ran).toBe(true);
  });

  // Another process of the fleet running a pass: it holds the lock on a connection of its own.
  it.skipIf(pglite)("runs one pass at a time across processes: the hourly run skips, a caller waits", async () => {
    await insertEvents(accountId, 5, 31 * DAY);
    const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const [{ held }] = await other<{ held: boolean }[]>`select pg_try_advisory_lock(727003) as held`;
      expect(held).toBe(true);
      expect(await expireOldRecords("skip")).toBe(false);
      expect(await countEvents(accountId)).toBe(8);

      const waiting = expireOldRecords("wait");
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await countEvents(accountId)).toBe(8); // still waiting for the other pass
      await other`select pg_advisory_unlock(727003)`;
      expect(await waiting).toBe(true);
      expect(await countEvents(accountId)).toBe(3);
    } finally {
      await other.end();
    }
  });
});
