import type { AnyJobQueue } from "./define-queue";
import { deliverWebhookQueue } from "./workers/deliver-webhook";
import { importLeadsQueue } from "./workers/import-leads";
import { notifyLeadAssignedQueue } from "./workers/notify-lead-assigned";
import { rerouteSilentLeadQueue } from "./workers/reroute-silent-lead";
import { runBulkLeadActionQueue } from "./workers/run-bulk-lead-action";
import { sendScheduledSmsQueue } from "./workers/send-scheduled-sms";
import { sendTaskDigestsQueue } from "./workers/send-task-digests";

// Every queue of the app, one file each under lib/jobs/workers/. startWorkers() creates them all
// (idempotently) and runs a worker for each; enqueue() refuses a queue that is not listed here.
// To add one: write lib/jobs/workers/<name>.ts exporting a JobQueue<YourData>, and list it below.
export const QUEUES: readonly AnyJobQueue[] = [
  deliverWebhookQueue,
  sendScheduledSmsQueue,
  importLeadsQueue,
  notifyLeadAssignedQueue,
  rerouteSilentLeadQueue,
  sendTaskDigestsQueue,
  runBulkLeadActionQueue,
];
