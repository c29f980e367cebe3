import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { getBoss } from "@/lib/jobs/boss";
import type { JobQueue } from "@/lib/jobs/define-queue";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { queueStats } from "@/lib/jobs/queue-stats";
import { QUEUES } from "@/lib/jobs/queues";
import { createQueues } from "@/lib/jobs/start-workers";

// queueStats() on PostgreSQL and (TEST_DB_ENGINE=pglite) PGlite: waiting, active and the age of the
// oldest due job, per queue, read from pg-boss's job table. No workers run here: the test moves
// jobs to active itself (fetch), as a worker would.

const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const queue = (name: string): JobQueue<{ n: number }> => ({
  name: `test-stats-${name}-${suffix}`,
  options: { retryLimit: 0 },
  batchSize: 1,
  handler: async () => {},
});
const busy = queue("busy");
const idle = queue("idle");

beforeAll(async () => {
  await createQueues([busy, idle]);
});

afterAll(async () => {
  await closeDb();
});

describe("queueStats", () => {
  it("answers every queue of the registry, in order, also with nothing queued", async () => {
    const stats = await queueStats();
    expect(stats.map((stat) => stat.name)).toEqual(QUEUES.map((q) => q.name));
    for (const stat of stats) {
      expect(stat).toEqual({
        name: stat.name,
        waiting: expect.any(Number),
        active: expect.any(Number),
        oldestDueSeconds: expect.any(Number),
      });
    }
    expect(await queueStats([busy, idle])).toEqual([
      { name: busy.name, waiting: 0, active: 0, oldestDueSeconds: 0 },
      { name: idle.name, waiting: 0, active: 0, oldestDueSeconds: 0 },
    ]);
  });

  it("counts waiting jobs (due or deferred) and active ones, and ages the oldest due job", async () => {
    const db = await getDb();
    await db.transaction((tx) =>
      enqueueMany(tx, busy, [
        { data: { n: 1 } },
        { data: { n: 2 } },
        // Deferred: waiting, but not due, so it has no age yet.
        { data: { n: 3 }, startAfter: new Date(Date.now() + 3_600_000) },
      ]),
    );
    const fresh = await queueStats([busy]);
    expect(fresh).toEqual([{ name: busy.name, waiting: 3, active: 0, oldestDueSeconds: expect.any(Number) }]);
    expect(fresh[0].oldestDueSeconds).toBeLessThan(10);

    // A worker takes one: it is active, no longer waiting.
    const boss = await getBoss();
    expect(await boss.fetch(busy.name, { batchSize: 1 })).toHaveLength(1);
    // The other due job has waited 30 s (sent then, due since then).
    await jobExecutor(db).executeSql(
      `update pgboss.job set created_on = now() - interval '30 seconds', start_after = now() - interval '30 seconds'
        where name = $1 and state = 'created' and start_after <= now()`,
      [busy.name],
    );
    const [stat] = await queueStats([busy]);
    expect(stat).toMatchObject({ name: busy.name, waiting: 2, active: 1 });
    expect(stat.oldestDueSeconds).toBeGreaterThanOrEqual(29);
    expect(stat.oldestDueSeconds).toBeLessThan(60);
    expect(await queueStats([idle])).toEqual([{ name: idle.name, waiting: 0, active: 0, oldestDueSeconds: 0 }]);
  });
});
