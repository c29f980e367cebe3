import { runBulkLeadAction } from "@/lib/bulk-actions/run-bulk-lead-action";
import type { JobQueue } from "../define-queue";

export interface RunBulkLeadActionJob {
  bulkActionId: string;
}

// 10,000 leads are a hundred batches of about a second at most. A job still active after this is
// taken to belong to a dead worker and is run again from the action's checkpoint
// (BULK_JOB_EXPIRE_SECONDS, default 900; the SIGKILL test, bulk-lead-action-sigkill.test.ts,
// shortens it); a live run overtaken by its retry is harmless, both take the action's row lock
// batch by batch.
const expireInSeconds = () => Number(process.env.BULK_JOB_EXPIRE_SECONDS) || 900;

export const runBulkLeadActionQueue: JobQueue<RunBulkLeadActionJob> = {
  name: "run-bulk-lead-action",
  // Read when the queue is created, so a test's environment applies.
  get options() {
    return { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: expireInSeconds() };
  },
  batchSize: 1,
  async handler(jobs) {
    for (const job of jobs) await runBulkLeadAction(job.data.bulkActionId);
  },
};
