import postgres from "postgres";
import { and, count, countDistinct, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activities, bulkLeadActions, events, leads } from "@/db/schema";
import { startBulkLeadAction } from "@/lib/bulk-actions/start-bulk-lead-action";
import { newId } from "@/lib/ids/new-id";
import { createQueues } from "@/lib/jobs/start-workers";
import { createTenant } from "../../helpers/api";
import { killAndWait } from "../../helpers/spawn-process";
import { workerProcessesOnOwnDatabase } from "../../helpers/worker-processes";
import { waitUntil } from "../jobs/wait-until";

// A worker SIGKILLed in the middle of a bulk action (the run-bulk-lead-action job): another
// worker takes the job again once it expires and goes on from the action's checkpoint, and in
// the end every lead was changed exactly once and the counts say so. The kill lands at a known
// place without a sleep: the test holds one lead of the third batch locked, so the worker commits
// two batches and waits inside the third's transaction. PostgreSQL only (`npm run worker`
// processes share it), on a database of its own so no other test file's workers take the job.

const LEADS = 350; // batches of 100: two committed, the third cut, then the rest
const HELD = 250; // a lead of the third batch
const TAG = "sigkill";
const WORKER_ENV = {
  SKIP_MIGRATIONS: "1",
  LOG_LEVEL: "info",
  JOBS_POLLING_INTERVAL_SECONDS: "0.5",
  JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
  // The killed worker's job is taken for dead after this and run again.
  BULK_JOB_EXPIRE_SECONDS: "3",
};

const { startWorker, databaseUrl } = workerProcessesOnOwnDatabase("bulk_kill", WORKER_ENV);
let locker: postgres.Sql;

/** Holds the lead's row lock (as a member's edit would) until the answered function is called. */
async function holdLead(leadId: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = locker.begin(async (tx) => {
    await tx`select id from leads where id = ${leadId} for update`;
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
}

beforeAll(async () => {
  await createQueues();
  locker = postgres(databaseUrl(), { max: 2, onnotice: () => {} });
}, 60_000);

afterAll(async () => {
  await locker?.end();
});

describe("a bulk lead action across a worker's SIGKILL", () => {
  it("goes on from its checkpoint in another worker: no lead changed twice, none missed, the counts right", async () => {
    const t = await createTenant();
    const db = await getDb();
    const rows = Array.from({ length: LEADS }, (_, i) => ({
      id: newId("lead"),
      accountId: t.accountId,
      name: `K ${i}`,
    }));
    await db.insert(leads).values(rows);
    const ids = rows.map((row) => row.id).sort();
    const release = await holdLead(ids[HELD]);

    const first = await startWorker();
    const member = { accountId: t.accountId, userId: t.userId, name: "Bulk Owner" };
    const id = await startBulkLeadAction(member, { kind: "add_tag", tag: TAG }, { kind: "ids", ids });
    const state = async () => (await db.select().from(bulkLeadActions).where(eq(bulkLeadActions.id, id)))[0];
    await waitUntil("the first worker to take the job", async () => (await state()).status === "running", 30_000);
    // The second starts meanwhile (a worker takes a while to start): the first holds the job, so
    // the second takes it only once it has expired, and then waits for the action's row lock.
    const second = startWorker();
    second.catch(() => {}); // awaited below
    // Two batches committed, and the worker's third waits on the held lead inside its transaction.
    await waitUntil(
      "the worker to wait in its third batch",
      async () => {
        const [waiting] = await locker`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "leads"%'`;
        return (await state()).processedCount === 200 && waiting.n > 0;
      },
      30_000,
    );
    await killAndWait(first, "SIGKILL");

    const tagged = async () =>
      (
        await db
          .select({ n: count() })
          .from(leads)
          .where(and(eq(leads.accountId, t.accountId), sql`${TAG} = any(${leads.tags})`))
      )[0].n;
    // What committed is whole: two batches, their counts and their leads, nothing of the third
    // (read while the held lead keeps the second worker, if it has the job already, waiting).
    expect(await state()).toMatchObject({ status: "running", processedCount: 200, changedCount: 200 });
    expect(await tagged()).toBe(200);

    // The killed worker's transaction ends with its connection; the second worker goes on.
    await release();
    await second;
    const done = await waitUntil(
      "the action to finish in the second worker",
      async () => {
        const row = await state();
        return row.status === "completed" && row;
      },
      60_000,
    );
    expect(done).toMatchObject({ processedCount: LEADS, changedCount: LEADS, unchangedCount: 0, total: LEADS });
    expect(await tagged()).toBe(LEADS);
    const versions = await db
      .select({ version: leads.version, n: count() })
      .from(leads)
      .where(eq(leads.accountId, t.accountId))
      .groupBy(leads.version);
    expect(versions).toEqual([{ version: 2, n: LEADS }]);
    // One timeline entry and one event per lead: a lead changed twice would have two.
    const [changes] = await db
      .select({ n: count(), leads: countDistinct(activities.leadId) })
      .from(activities)
      .where(eq(activities.accountId, t.accountId));
    const [updates] = await db
      .select({ n: count(), leads: countDistinct(events.objectId) })
      .from(events)
      .where(and(eq(events.accountId, t.accountId), eq(events.type, "lead.updated")));
    expect([changes, updates]).toEqual([
      { n: LEADS, leads: LEADS },
      { n: LEADS, leads: LEADS },
    ]);
  }, 120_000);
});
