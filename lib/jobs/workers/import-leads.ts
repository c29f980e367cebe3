import { runLeadImport } from "@/lib/imports/run-lead-import";
import type { JobQueue } from "../define-queue";

export interface ImportLeadsJob {
  importId: string;
}

// A run of 200,000 rows takes about two minutes. A job still active after this is taken to belong
// to a dead worker and is run again from the import's checkpoint (IMPORT_JOB_EXPIRE_SECONDS: the
// SIGKILL test shortens it). A run that outlives it while alive is harmless: both runs take the
// import's row lock chunk by chunk, and each chunk starts at the committed checkpoint.
const expireInSeconds = () => Number(process.env.IMPORT_JOB_EXPIRE_SECONDS) || 900;

export const importLeadsQueue: JobQueue<ImportLeadsJob> = {
  name: "import-leads",
  // Read when the queue is created, so a test's environment applies.
  get options() {
    return { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: expireInSeconds() };
  },
  // One import at a time per worker: a run is CPU and database bound.
  batchSize: 1,
  async handler(jobs) {
    for (const job of jobs) await runLeadImport(job.data.importId);
  },
};
