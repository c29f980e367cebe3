import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { getBoss, getJobs } from "@/lib/jobs/boss";
import type { Job, JobQueue } from "@/lib/jobs/define-queue";
import { enqueue, enqueueMany } from "@/lib/jobs/enqueue";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { startWorkers } from "@/lib/jobs/start-workers";
import { waitUntil } from "./wait-until";

// pg-boss on the app's own connection, on PostgreSQL and (TEST_DB_ENGINE=pglite) on PGlite: a job
// sent in a transaction exists if and only if that transaction commits.

type Data = { key: string };
const runs: Job<Data>[] = [];
let release: (() => void) | undefined;

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const queue: JobQueue<Data> = {
  name: `test-enqueue-${suffix}`,
  options: { retryLimit: 0 },
  batchSize: 10,
  handler: async (jobs) => {
    runs.push(...jobs);
    // The "slow" job holds its handler until the test releases it (the shutdown test).
    if (jobs.some((job) => job.data.key === "slow")) await new Promise<void>((resolve) => (release = resolve));
  },
};

const ran = (key: string) => runs.filter((job) => job.data.key === key);

class Rollback extends Error {}

beforeAll(async () => {
  await startWorkers([queue]);
});

afterAll(async () => {
  await closeDb();
});

describe("jobs sent in a transaction", () => {
  it("are processed once the transaction commits, with their data", async () => {
    const db = await getDb();
    let id: string | null = null;
    await db.transaction(async (tx) => {
      id = await enqueue(tx, queue, { key: "one" });
      await enqueueMany(tx, queue, [{ data: { key: "many" } }, { data: { key: "many" } }]);
    });
    await waitUntil("the committed jobs to run", () => ran("one").length === 1 && ran("many").length === 2);
    expect(ran("one")[0]).toMatchObject({ id, name: queue.name, data: { key: "one" } });
  });

  it("never exist when the transaction rolls back", async () => {
    const db = await getDb();
    let rolledBackId: string | null = null;
    await expect(
      db.transaction(async (tx) => {
        rolledBackId = await enqueue(tx, queue, { key: "rolled-back" });
        await enqueueMany(tx, queue, [{ data: { key: "rolled-back" } }]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(rolledBackId).toEqual(expect.any(String));
    // A job committed after them runs first in line behind them: once it has run, they had their turn.
    await db.transaction((tx) => enqueue(tx, queue, { key: "after" }));
    await waitUntil("the job committed after them to run", () => ran("after").length === 1);
    expect(ran("rolled-back")).toEqual([]);
    const boss = await getBoss();
    expect(await boss.findJobs(queue.name, { id: rolledBackId! })).toEqual([]);
    const { rows } = await jobExecutor(db).executeSql(
      "select count(*)::int as n from pgboss.job where name = $1 and data->>'key' = $2",
      [queue.name, "rolled-back"],
    );
    expect(rows[0].n).toBe(0);
  });

  it("are refused for a queue this process did not create, rather than silently dropped", async () => {
    const db = await getDb();
    const other: JobQueue<Data> = { ...queue, name: `${queue.name}-unlisted` };
    await expect(db.transaction((tx) => enqueue(tx, other, { key: "x" }))).rejects.toThrow(/was not created/);
  });

  it("pg-boss maintenance (several statements in BEGIN…COMMIT, without values) runs on this engine", async () => {
    const boss = await getBoss();
    // Expiry, queue stats and the deletion walk, which asserts it reads a RETURNING row from the
    // middle of such a block: the executor must answer every statement's rows.
    await expect(boss.supervise(queue.name)).resolves.toBeUndefined();
  });

  it("a failed BEGIN…COMMIT block leaves no aborted transaction on the connection", async () => {
    const jobs = await getJobs();
    await expect(jobs.executor.executeSql("BEGIN; select 1; select 1/0; COMMIT;")).rejects.toThrow(/division by zero/);
    // PGlite's one connection, or the postgres-js connection the block ran on, back in the pool.
    for (let i = 0; i < 12; i++) {
      expect((await jobs.executor.executeSql("select 1 as one")).rows[0]).toEqual({ one: 1 });
    }
  });

  it("closeDb waits for a running handler, and its job completes", async () => {
    const db = await getDb();
    const id = await db.transaction((tx) => enqueue(tx, queue, { key: "slow" }));
    await waitUntil("the slow job to start", () => ran("slow").length === 1 && release);
    const closing = closeDb();
    setTimeout(() => release!(), 300);
    await closing;
    const boss = await getBoss(); // a new pg-boss on a new connection
    const [job] = await boss.findJobs(queue.name, { id: id! });
    expect(job?.state).toBe("completed");
  });
});
