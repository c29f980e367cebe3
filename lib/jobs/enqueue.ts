import type { JobInsert, SendOptions } from "pg-boss";
import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { logger } from "@/lib/log/logger";
import { startedJobs, type Jobs } from "./boss";
import type { JobQueue } from "./define-queue";
import { jobExecutor } from "./job-executor";

// Jobs are sent inside the change's transaction: they exist if and only if the change committed.
// At the commit, the send's pg_notify wakes a worker of the queue in every process (every queue has
// `notify`, lib/jobs/start-workers.ts), so none waits for its next poll.

type EnqueueOptions = Omit<SendOptions, "db">;
type JobToInsert<Data> = { data: Data } & Omit<JobInsert<Data>, "data">;

// pg-boss drops a send to a queue that does not exist without an error, so this refuses first.
// It does not start pg-boss itself: inside the caller's transaction the start's queries would wait
// for that transaction's connection (PGlite has one; a pool may have one too) and hang forever.
function jobsFor(queue: { name: string }): Jobs {
  const jobs = startedJobs();
  if (!jobs) {
    // In a server this is the moment after start-up before the jobs are ready (or the database was
    // down at start and they are retrying): the change is refused whole, and a retry will do.
    logger.warn("enqueue before jobs started: run startWorkers() or createQueues() first (instrumentation.ts does)");
    throw new ApiError("service_unavailable", "The service is starting. Retry in a few seconds.");
  }
  if (!jobs.queues.has(queue.name)) {
    throw new Error(`queue "${queue.name}" was not created in this process: list it in lib/jobs/queues.ts`);
  }
  return jobs;
}

/** Sends one job in the transaction. Null when a singleton or throttling option dropped it. */
export async function enqueue<Data extends object>(
  tx: DbOrTx,
  queue: JobQueue<Data>,
  data: Data,
  options: EnqueueOptions = {},
): Promise<string | null> {
  return jobsFor(queue).boss.send(queue.name, data, { ...options, db: jobExecutor(tx) });
}

/** Sends many jobs in the transaction with one statement. */
export async function enqueueMany<Data extends object>(
  tx: DbOrTx,
  queue: JobQueue<Data>,
  jobs: JobToInsert<Data>[],
): Promise<void> {
  if (jobs.length === 0) return;
  await jobsFor(queue).boss.insert(queue.name, jobs, { db: jobExecutor(tx) });
}
