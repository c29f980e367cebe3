// A queue whose handler records each run in a table, and, run as a process, a worker for it:
//   node --import tsx tests/integration/jobs/recording-worker.ts
// with JOBS_TEST_QUEUE (the queue's name), JOBS_TEST_EXPIRE_SECONDS, and JOBS_TEST_HANG=1 to
// make the handler record its run and then never return (until the process is killed).
// The test imports the queue from here too, so both sides define it the same way.
import { realpathSync } from "node:fs";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { JobQueue } from "@/lib/jobs/define-queue";
import { runWorkerProcess } from "@/lib/jobs/run-worker-process";

export type RecordedData = { n: number };

/** Created by the test before it starts any worker process. */
export const RUNS_TABLE_DDL = `create table if not exists jobs_test_runs (
  queue text not null, job_id uuid not null, data jsonb not null, pid int not null, at timestamptz not null default now())`;

export function recordingQueue(name: string, expireInSeconds: number): JobQueue<RecordedData> {
  return {
    name,
    options: { retryLimit: 2, retryDelay: 0, expireInSeconds },
    batchSize: 10,
    handler: async (jobs) => {
      const db = await getDb();
      for (const job of jobs) {
        await db.execute(
          sql`insert into jobs_test_runs (queue, job_id, data, pid) values (${name}, ${job.id}, ${JSON.stringify(job.data)}::jsonb, ${process.pid})`,
        );
        // Some work per job, so two workers' polls interleave: a batch of 10 takes about 0.4 s, and
        // 60 jobs keep a worker busy for about 2.4 s, several of the other's 0.5 s polls. At 5 ms a
        // job, one worker could drain all 60 between two polls of the other (seen in CI).
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      if (process.env.JOBS_TEST_HANG === "1") await new Promise(() => {});
    },
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(__filename)) {
  void runWorkerProcess([
    recordingQueue(process.env.JOBS_TEST_QUEUE ?? "", Number(process.env.JOBS_TEST_EXPIRE_SECONDS ?? 60)),
  ]);
}
