import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { getBoss } from "@/lib/jobs/boss";
import type { JobQueue } from "@/lib/jobs/define-queue";
import { enqueue, enqueueMany } from "@/lib/jobs/enqueue";
import { startWorkers } from "@/lib/jobs/start-workers";
import { waitUntil } from "./wait-until";

// A committed send wakes one of a queue's workers in this process, not all of them
// (lib/jobs/worker-wakes.ts): pg-boss's own listener made every worker fetch, and all but one or
// two fetches found nothing. A full batch wakes the next worker, so a backlog is still worked in
// parallel. Polling is set to 30 s here, so every fetch counted after a send is a wake-up.

process.env.JOBS_POLLING_INTERVAL_SECONDS = "30";

const WORKERS = 4;
const BATCH = 5;
const done: string[] = [];
let inFlight = 0;
let mostInFlight = 0;
let holdMs = 0;

const queue: JobQueue<{ key: string }> = {
  name: `test-wake-one-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
  options: { retryLimit: 0 },
  batchSize: BATCH,
  workersPerProcess: WORKERS,
  handler: async (jobs) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    inFlight--;
    done.push(...jobs.map((job) => job.data.key));
  },
};

// One group, at most one of its jobs in flight (the deliveries' per-endpoint cap): every fetch
// comes back short, and the worker must fetch again rather than sleep out its 30 s poll.
const capped: JobQueue<{ key: string }> = {
  name: `${queue.name}-capped`,
  options: { retryLimit: 0 },
  batchSize: BATCH,
  workersPerProcess: 2,
  groupConcurrency: 1,
  handler: async (jobs) => {
    done.push(...jobs.map((job) => job.data.key));
  },
};

/** Each of the queue's workers' last fetch, by worker id. */
async function lastFetches(): Promise<Map<string, number>> {
  const boss = await getBoss();
  const wip = boss.getWipData().filter((worker) => worker.name === queue.name);
  return new Map(wip.map((worker) => [worker.id, Number(worker.lastFetchedOn ?? 0)]));
}

beforeAll(async () => {
  await startWorkers([queue, capped]);
  // Every worker fetches once as it starts; then they sleep out the 30 s poll.
  await waitUntil("every worker's first fetch", async () => {
    const fetches = await lastFetches();
    return fetches.size === WORKERS && [...fetches.values()].every(Boolean);
  });
});

afterAll(async () => {
  delete process.env.JOBS_POLLING_INTERVAL_SECONDS;
  await closeDb();
});

describe("a committed send", () => {
  it("wakes one worker, which runs the job long before the poll", async () => {
    const before = await lastFetches();
    const db = await getDb();
    const sent = Date.now();
    await db.transaction((tx) => enqueue(tx, queue, { key: "one" }));
    await waitUntil("the job to run", () => done.includes("one"));
    expect(Date.now() - sent).toBeLessThan(10_000);
    // A woken worker that finds nothing would have fetched by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await lastFetches();
    const fetched = [...after].filter(([id, at]) => at !== before.get(id));
    expect(fetched).toHaveLength(1);
  });

  it("spreads a backlog over the workers: a full batch wakes the next", async () => {
    holdMs = 300;
    const keys = Array.from({ length: WORKERS * BATCH }, (_, i) => `backlog-${i}`);
    const db = await getDb();
    await db.transaction((tx) =>
      enqueueMany(
        tx,
        queue,
        keys.map((key) => ({ data: { key } })),
      ),
    );
    await waitUntil("the backlog to run", () => keys.every((key) => done.includes(key)));
    expect(mostInFlight).toBeGreaterThan(1);
  });

  it("drains a backlog held back by a group's cap: a worker that found work fetches again at once", async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `capped-${i}`);
    const db = await getDb();
    const jobs = keys.map((key) => ({ data: { key }, group: { id: "one-endpoint" } }));
    await db.transaction((tx) => enqueueMany(tx, capped, jobs));
    // One job a fetch: with a sleep after each short batch this would take minutes.
    await waitUntil("the capped backlog to run", () => keys.every((key) => done.includes(key)), 10_000);
  });
});
