import { rerouteSilentLead, type RerouteSilentLeadJob } from "@/lib/routing/reroute-silent-lead";
import type { JobQueue } from "../define-queue";

// Re-route after silence (lib/routing/reroute-silent-lead.ts): held by pg-boss until the rule's
// minutes have passed (startAfter), so it survives restarts. `exclusive`: one waiting or running
// job per lead (its singletonKey), and the handler's row lock makes a second run a no-op.
export const rerouteSilentLeadQueue: JobQueue<RerouteSilentLeadJob> = {
  name: "reroute-silent-lead",
  options: { policy: "exclusive", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  batchSize: 10,
  async handler(jobs) {
    for (const job of jobs) await rerouteSilentLead(job.data);
  },
};
