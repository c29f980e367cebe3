import { sendAssignmentEmails, type NotifyLeadAssignedJob } from "@/lib/routing/send-assignment-email";
import type { JobQueue } from "../define-queue";

// The emails to the agents new leads were routed to, queued after the leads' commit, a job for up
// to 25 leads of an account (lib/routing/announce-routed-leads.ts). At-least-once: a run killed
// after its sends sends again, which a second "new lead" email costs less than a lost one.
export const notifyLeadAssignedQueue: JobQueue<NotifyLeadAssignedJob> = {
  name: "notify-lead-assigned",
  // A run is one read and a few SMTP sends side by side (nodemailer's own timeouts).
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  batchSize: 10,
  async handler(jobs) {
    const results = await Promise.allSettled(jobs.map((job) => sendAssignmentEmails(job.data)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  },
};
