import type PgBoss from "pg-boss";

/** A job as its handler gets it: pg-boss's id, the queue name and the data it was sent with. */
export type Job<Data> = PgBoss.Job<Data>;

/**
 * A queue, defined once in its own file under lib/jobs/workers/ and listed in lib/jobs/queues.ts.
 *
 * Delivery is at-least-once: a job runs again when its handler throws, when it outlives
 * `expireInSeconds` (pg-boss then fails it in the handler's process and retries it, while the
 * first run may still be going), and when the process dies mid-job. So a handler checks
 * what was already done before doing it (an idempotency key, a status column, an upsert), and does
 * the side effect last.
 */
export interface JobQueue<Data extends object> {
  name: string;
  /** Queue settings stored by pg-boss, applied to every job sent to it: retryLimit, retryDelay
   * (seconds), retryBackoff, expireInSeconds (how long a run may take before it is retried),
   * retentionMinutes, deadLetter, policy. */
  options: Omit<PgBoss.Queue, "name">;
  /** Jobs a worker takes per poll, all given to one handler call. A throw fails the whole batch. */
  batchSize: number;
  /** Workers per process (default 1). A worker takes its next batch only when the whole batch is
   * done, so a queue whose jobs wait on the network runs several: one slow job then holds up one
   * batch, not the queue. */
  workersPerProcess?: number;
  handler: (jobs: Job<Data>[]) => Promise<void>;
}

/** Any queue, whatever its data: what the registry and the workers take. A queue for `Data` is one,
 * since a handler of `Job<Data>[]` accepts a `Job<never>[]`. */
export type AnyJobQueue = JobQueue<never>;
