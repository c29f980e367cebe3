import { attemptDeliveries, recordGaveUp } from "@/lib/webhooks/attempt-delivery";
import { DELIVERY_BATCH, FAILING_TIER, type DeliveryJob } from "@/lib/webhooks/delivery-job";
import type { JobQueue } from "../define-queue";

export type DeliverWebhookJob = DeliveryJob;

// A run may take the 10 s HTTP timeout plus two short queries. A job still active after this is
// taken to belong to a dead worker and is run again (WEBHOOK_JOB_EXPIRE_SECONDS: tests shorten it).
const expireInSeconds = () => Number(process.env.WEBHOOK_JOB_EXPIRE_SECONDS) || 60;
// pg-boss's retries of a run that threw; tests shorten them (WEBHOOK_JOB_RETRY_LIMIT, _DELAY_SECONDS).
const retryLimit = () => Number(process.env.WEBHOOK_JOB_RETRY_LIMIT) || 10;
const retryDelay = () => Number(process.env.WEBHOOK_JOB_RETRY_DELAY_SECONDS) || 5;

// Requests in flight to one healthy endpoint at most (WEBHOOK_ENDPOINT_CONCURRENCY): half the
// workers of one process, so a receiver that stops answering holds at most that many until its
// first failures hold it (endpoint-hold.ts); from then on its retries, in the failing tier, take
// one at a time. Two (the default until session 44) left a healthy endpoint's backlog capped
// below the workers: every idle worker's fetch then read the whole backlog and took nothing
// (pg-boss filters a group at its cap row by row: 3.0 ms a fetch behind 3,000 such jobs, 2.2 ms
// behind none). Scenario 7 at full size, 2 → 4: healthy lag beside a dead receiver 24.3 → 12.4 s.
const endpointInFlight = () => Number(process.env.WEBHOOK_ENDPOINT_CONCURRENCY) || 4;
const FAILING_IN_FLIGHT = 1;

// The HTTP retry schedule is ours (retry-schedule.ts: each attempt is its own job, logged); pg-boss's
// own retries only cover a run that threw (the database was away) or died.
export const deliverWebhookQueue: JobQueue<DeliverWebhookJob> = {
  name: "deliver-webhook",
  // Read when the queue is created, so a test's environment applies.
  get options() {
    return {
      retryLimit: retryLimit(),
      retryDelay: retryDelay(),
      retryBackoff: true,
      expireInSeconds: expireInSeconds(),
    };
  },
  // Deliveries wait on the network, not the CPU: a batch is sent concurrently, and eight workers
  // each take one. A worker fetches again only once its whole batch is done, so a batch holding one
  // request to a receiver that never answers waits out the 10 s timeout: the per-endpoint cap keeps
  // such a receiver to that many batches across the fleet, and the other workers serve every
  // other endpoint meanwhile. The batch's other jobs are completed as soon as they are logged, so
  // their endpoints' slots are free again at once. It also means a receiver never sees more than
  // that many requests at once from us.
  batchSize: DELIVERY_BATCH,
  workersPerProcess: 8,
  get groupConcurrency() {
    const healthy = endpointInFlight();
    return { default: healthy, tiers: { [FAILING_TIER]: Math.min(healthy, FAILING_IN_FLIGHT) } };
  },
  async handler(jobs, batch) {
    // A batch's jobs are completed as their attempts are logged (attemptDeliveries' waves), so one
    // slow receiver's request does not keep the others' endpoints at their cap until it ends.
    const logged = batch && ((indexes: number[]) => batch.complete(indexes.map((i) => jobs[i])));
    const results = await attemptDeliveries(
      jobs.map((job) => job.data),
      deliverWebhookQueue,
      logged,
    );
    // A job on its last run that threw again is given up by pg-boss: its final row says so, so the
    // log does not end silently on the attempt before (its failure is logged by the worker).
    await Promise.all(
      jobs.map((job, i) =>
        results[i].status === "rejected" && job.retryCount >= retryLimit() ? recordGaveUp(job.data) : null,
      ),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    // The batch's jobs not completed yet are retried; attempts already recorded are skipped
    // (attemptDeliveries).
    if (failed) throw failed.reason;
  },
};
