import { attemptDelivery, type DeliveryJob } from "@/lib/webhooks/attempt-delivery";
import type { JobQueue } from "../define-queue";

export type DeliverWebhookJob = DeliveryJob;

// A run may take the 10 s HTTP timeout plus two short queries. A job still active after this is
// taken to belong to a dead worker and is run again (WEBHOOK_JOB_EXPIRE_SECONDS: tests shorten it).
const expireInSeconds = () => Number(process.env.WEBHOOK_JOB_EXPIRE_SECONDS) || 60;

// The HTTP retry schedule is ours (retry-schedule.ts: each attempt is its own job, logged); pg-boss's
// own retries only cover a run that threw (the database was away) or died.
export const deliverWebhookQueue: JobQueue<DeliverWebhookJob> = {
  name: "deliver-webhook",
  // Read when the queue is created, so a test's environment applies.
  get options() {
    return { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: expireInSeconds() };
  },
  // Deliveries wait on the network, not the CPU: a batch is sent concurrently, and four workers
  // each take one, so an endpoint that takes its 10 s holds up a quarter of the queue, not all.
  batchSize: 10,
  workersPerProcess: 4,
  async handler(jobs) {
    const results = await Promise.allSettled(jobs.map((job) => attemptDelivery(job.data, deliverWebhookQueue)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    // The batch is retried whole; attempts already recorded are skipped (attemptDelivery).
    if (failed) throw failed.reason;
  },
};
