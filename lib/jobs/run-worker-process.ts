import { closeDb } from "@/db/client";
import { logger } from "@/lib/log/logger";
import type { AnyJobQueue } from "./define-queue";
import { jobsConfig } from "./jobs-config";
import { startWorkers } from "./start-workers";
import { describeError } from "@/lib/log/describe-error";
import { serveWorkerHealth } from "@/lib/observability/worker-http-listener";
import { startTracing } from "@/lib/observability/tracing";
import { beginShutdown, finishShutdown } from "@/lib/runtime/shutdown";

// A process that only runs workers (`npm run worker`), beside web processes started with
// RUN_WORKERS=0 or not. Any number of them may share one database: pg-boss fetches with
// FOR UPDATE SKIP LOCKED, so each job goes to one worker at a time.

/** Starts workers for `queues` and keeps the process alive until SIGTERM or SIGINT. */
export async function runWorkerProcess(queues: readonly AnyJobQueue[]): Promise<void> {
  if (!process.env.DATABASE_URL) {
    // The embedded database belongs to the process that opened it (db/pglite-lock.ts).
    process.stderr.write(
      "error: `npm run worker` needs DATABASE_URL (PostgreSQL): the embedded database cannot be shared between processes, and the web process runs the workers itself\n",
    );
    process.exit(2);
  }
  // pg-boss does not await the completion it writes after a handler; if that write fails (the
  // database went away), the job is retried after it expires. Say so and keep working.
  process.on("unhandledRejection", (error) => logger.error("unhandled rejection", { error: describeError(error) }));
  const started = Date.now();
  // Before pg-boss starts, so that its spans and trace context are on (as in instrumentation.ts).
  await startTracing("leadprop-worker");
  try {
    await startWorkers(queues);
  } catch (error) {
    logger.error("worker not started", { error: describeError(error) });
    await closeDb().catch(() => {});
    process.exit(1);
  }
  const { pollingIntervalSeconds, maintenanceIntervalSeconds } = jobsConfig();
  logger.info("worker started", {
    pid: process.pid,
    queues: queues.map((queue) => queue.name).join(","),
    pollingIntervalSeconds,
    maintenanceIntervalSeconds,
    ms: Date.now() - started,
  });
  await serveWorkerHealth(); // ready now; GET /api/health/*, /api/metrics on WORKER_HTTP_PORT when set
  const stop = async (signal: NodeJS.Signals) => {
    // Not ready (its health port answers 503) and no new jobs; the running ones get until
    // SHUTDOWN_TIMEOUT_MS after the signal, then pg-boss fails them into retry by another worker.
    const signalled = Date.now();
    const deadline = beginShutdown();
    logger.info("worker stopping", { pid: process.pid, signal, timeoutMs: deadline - signalled });
    await finishShutdown().catch((error) => logger.error("worker stop failed", { error: describeError(error) }));
    logger.info("worker stopped", { pid: process.pid, ms: Date.now() - signalled });
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
