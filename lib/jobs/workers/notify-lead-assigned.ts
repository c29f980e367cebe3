import { sendAssignmentEmail, type NotifyLeadAssignedJob } from "@/lib/routing/send-assignment-email";
import type { JobQueue } from "../define-queue";

// The email to an agent a new lead was routed to, queued after the lead's commit
// (lib/routing/announce-routed-leads.ts). At-least-once: a run killed after the send sends again,
// which a second "new lead" email costs less than a lost one.
export const notifyLeadAssignedQueue: JobQueue<NotifyLeadAssignedJob> = {
  name: "notify-lead-assigned",
  // A run is one read and one SMTP send (nodemailer's own timeouts).
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  batchSize: 10,
  async handler(jobs) {
    const results = await Promise.allSettled(jobs.map((job) => sendAssignmentEmail(job.data)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  },
};
