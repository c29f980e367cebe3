import type { GroupConcurrencyConfig, Job as PgBossJob, Queue } from "pg-boss";

/** A job as its handler gets it: pg-boss's id, the queue name and the data it was sent with (and
 * `signal`, aborted when pg-boss gives up on the run: it expired, or a stop failed it). */
export type Job<Data> = PgBossJob<Data>;

/**
 * A queue, defined once in its own file under lib/jobs/workers/ and listed in lib/jobs/queues.ts.
 *
 * Delivery is at-least-once: a job runs again when its handler throws, when it outlives
 * `expireInSeconds` (pg-boss then fails it in the handler's process and retries it, while the
 * first run may still be going: that worker waits for it before it fetches again, but another
 * worker may take the retry), and when the process dies mid-job. So a handler checks
 * what was already done before doing it (an idempotency key, a status column, an upsert), and does
 * the side effect last.
 */
export interface JobQueue<Data extends object> {
  name: string;
  /** Queue settings stored by pg-boss, applied to every job sent to it: retryLimit, retryDelay
   * (seconds), retryBackoff, expireInSeconds (how long a run may take before it is retried),
   * retentionSeconds (how long a job may wait), deleteAfterSeconds (how long a finished job is
   * kept), deadLetter, policy. */
  options: Omit<Queue, "name">;
  /** Jobs a worker takes per poll, all given to one handler call. A throw fails the whole batch. */
  batchSize: number;
  /** Workers per process (default 1). A worker takes its next batch only when the whole batch is
   * done, so a queue whose jobs wait on the network runs several: one slow job then holds up one
   * batch, not the queue. */
  workersPerProcess?: number;
  /** At most this many jobs of one group (a job's `group.id`) run at once across the fleet
   * (pg-boss's groupConcurrency, counted in the database at each fetch); with tiers, a job of a
   * tier (`group.tier`) starts only while its group runs fewer than its tier's limit. */
  groupConcurrency?: number | GroupConcurrencyConfig;
  /** A recurring queue: pg-boss's cron (UTC) sends it one job per occurrence, fleet-wide. */
  cron?: string;
  /** `batch` lets a handler complete some of its jobs before the others are done. */
  handler: (jobs: Job<Data>[], batch?: BatchControls) => Promise<void>;
}

/** What a worker gives its handler beside the jobs (start-workers.ts). */
export interface BatchControls {
  /** Completes these jobs of the batch now rather than when the handler returns: a job still
   * running counts against its group's cap (groupConcurrency). Only this run of each job is
   * completed (pg-boss fences on the job's retryCount): a job that expired and was taken again by
   * another worker is left to it. A throw of the handler afterwards does not fail them. */
  complete: (jobs: Pick<Job<unknown>, "id" | "retryCount">[]) => Promise<void>;
}

/** Any queue, whatever its data: what the registry and the workers take. A queue for `Data` is one,
 * since a handler of `Job<Data>[]` accepts a `Job<never>[]`. */
export type AnyJobQueue = JobQueue<never>;
