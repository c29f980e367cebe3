import { getDbHandle } from "@/db/client";
import { logger } from "@/lib/log/logger";
import { webProcessRunsWorkers } from "./jobs-config";
import { createQueues, startWorkers } from "./start-workers";
import { describeError } from "@/lib/log/describe-error";

const RETRY_MS = 10_000;

/** In a Next server (instrumentation.ts): creates the queues so requests can enqueue, and runs the
 * workers unless RUN_WORKERS=0. If the database is not reachable yet, tries again every 10 s in
 * the background, as requests answer 503 until it is. */
export async function startJobsInServer(): Promise<void> {
  const runWorkers = webProcessRunsWorkers();
  const attempt = async () => {
    if (runWorkers) await startWorkers();
    else await createQueues();
    const { engine } = await getDbHandle();
    if (!runWorkers && engine === "pglite") {
      logger.warn("RUN_WORKERS=0 on the embedded database: no process will run its jobs");
    }
    logger.info("jobs started", { workers: runWorkers });
  };
  try {
    await attempt();
  } catch (error) {
    logger.error("jobs not started", { error: describeError(error), retryInMs: RETRY_MS });
    const retry = () => setTimeout(() => attempt().catch(retry), RETRY_MS).unref();
    retry();
  }
}
