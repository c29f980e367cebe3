import { sendScheduledSms, type SendScheduledSmsJob } from "@/lib/sms/quiet-hours/send-scheduled-sms";
import type { JobQueue } from "../define-queue";

// A scheduled text (quiet hours, or an explicit sendAt) going out at its sendAt: pg-boss holds the
// job until then (startAfter). A second run finds the message no longer `scheduled` and does
// nothing (sendScheduledSms claims it under a row lock).
export const sendScheduledSmsQueue: JobQueue<SendScheduledSmsJob> = {
  name: "send-scheduled-sms",
  // A run is one provider call (its own timeout) and two short transactions.
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  batchSize: 10,
  workersPerProcess: 2,
  async handler(jobs) {
    const results = await Promise.allSettled(jobs.map((job) => sendScheduledSms(job.data)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  },
};
