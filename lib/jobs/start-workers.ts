import type { UpdateQueueOptions } from "pg-boss";
import { getDbHandle } from "@/db/client";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import { getJobs, type Jobs } from "./boss";
import type { AnyJobQueue, BatchControls, Job } from "./define-queue";
import { jobsConfig } from "./jobs-config";
import { QUEUES } from "./queues";
import { deliverWebhookQueue } from "./workers/deliver-webhook";
import { traceJobBatch } from "@/lib/observability/trace-jobs";
import { carryOverV10Jobs } from "./upgrade-from-v10";
import { startEventDispatcher } from "@/lib/webhooks/dispatch/event-dispatcher";

/** Creates the queues in the database (idempotent) with their definitions' current settings, so
 * this process can send to them, and starts its webhook dispatcher (the changes it commits are
 * fanned out from here). Every process that enqueues runs this or startWorkers() first. */
export async function createQueues(queues: readonly AnyJobQueue[] = QUEUES): Promise<Jobs> {
  const jobs = await getJobs();
  for (const queue of queues) await createQueue(jobs, queue);
  const { db } = await getDbHandle();
  if (jobs.v10SetAside) {
    // The jobs pg-boss 10 left go to the app's queues (and these), created first.
    for (const queue of QUEUES) await createQueue(jobs, queue);
    await carryOverV10Jobs(db, jobs.boss, jobs.queues);
    jobs.v10SetAside = false;
  }
  if (jobs.queues.has(deliverWebhookQueue.name)) startEventDispatcher(db);
  return jobs;
}

async function createQueue(jobs: Jobs, queue: AnyJobQueue): Promise<void> {
  if (jobs.queues.has(queue.name)) return;
  // notify: a send's pg_notify, committed with it, wakes a worker of the queue in every process
  // (lib/jobs/boss.ts, useListenNotify; worker-wakes.ts), not only in the process that sent it.
  const options = { ...queue.options, notify: true };
  await jobs.boss.createQueue(queue.name, options);
  // createQueue keeps an existing queue's settings; sends take them from the stored queue. A
  // queue's policy and partitioning are fixed at creation (updateQueue refuses them).
  const updatable = Object.entries(options).filter(([key]) => key !== "policy" && key !== "partition");
  if (updatable.length > 0)
    await jobs.boss.updateQueue(queue.name, Object.fromEntries(updatable) as UpdateQueueOptions);
  // An upsert of the queue's one schedule: every process may write it, the cron sends once.
  if (queue.cron) await jobs.boss.schedule(queue.name, queue.cron, {}, { tz: "UTC" });
  jobs.queues.add(queue.name);
}

/** Creates the queues and runs each one's workers in this process (once per queue). Each worker
 * may be woken by a committed send (LISTEN, worker-wakes.ts) and polls every JOBS_POLLING_INTERVAL_SECONDS. */
export async function startWorkers(queues: readonly AnyJobQueue[] = QUEUES): Promise<void> {
  const jobs = await createQueues(queues);
  const { pollingIntervalSeconds } = jobsConfig();
  for (const queue of queues) {
    if (jobs.workers.has(queue.name)) continue;
    const complete: BatchControls["complete"] = async (done) => {
      await jobs.boss.complete(queue.name, done);
      // Jobs of their groups held back by the cap may be taken now: one idle worker here looks
      // (worker-wakes.ts); the fleet's other processes find them at their next fetch or poll.
      jobs.workers.wake(queue.name);
    };
    const handle = (batch: Job<never>[]) =>
      jobs.activity.run(async () => {
        try {
          await traceJobBatch(queue.name, batch, () => queue.handler(batch, { complete }));
        } catch (error) {
          // pg-boss fails the batch's jobs with this error and retries them up to retryLimit.
          logger.warn("job failed", {
            queue: queue.name,
            jobs: batch.map((job) => job.id).join(","),
            // The root cause only: Drizzle's message carries the query and its parameters.
            error: describeError(error),
          });
          throw error;
        }
      });
    const ids: string[] = [];
    for (let i = 0; i < (queue.workersPerProcess ?? 1); i++) {
      const worker = { id: "" }; // known once work() answers, before its first batch ends
      const run = async (batch: Job<never>[]) => {
        const full = batch.length >= queue.batchSize;
        jobs.workers.batchStarted(queue.name, worker.id, full);
        try {
          await handle(batch);
        } finally {
          jobs.workers.batchEnded(queue.name, worker.id);
          // pg-boss waits out the polling interval after each batch unless the worker was woken
          // meanwhile. A worker that found work fetches again at once, and sleeps only after a
          // fetch that found none: a short batch does not mean an empty queue when a group's cap
          // (the deliveries' per-endpoint one) held the rest back, and a worker that slept then
          // left a backlog to the poll (scenario 7: 16 deliveries/s after a burst, from 125).
          if (worker.id) jobs.boss.notifyWorker(worker.id);
        }
      };
      // With LISTEN on, pg-boss would relax a notify queue's polling to 30 s; retries are jobs due
      // later, which no notification announces, so the queue keeps polling at its usual rate.
      const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
      const { batchSize, groupConcurrency } = queue;
      worker.id = await jobs.boss.work<never>(queue.name, { batchSize, groupConcurrency, ...polling }, run);
      ids.push(worker.id);
    }
    // A committed send wakes one of them (worker-wakes.ts).
    jobs.workers.add(queue.name, ids);
  }
}
