import { runTaskDigests } from "@/lib/tasks/digest/run-task-digests";
import type { JobQueue } from "../define-queue";

// The morning digest of each agent's tasks (issue 34): pg-boss's cron sends one job every quarter
// hour, to one worker of the fleet, and the pass mails every agent whose 08:00 has come since
// (zones at :30 and :45 offsets included). Once per agent-day whatever runs twice: the claim in
// task_digests (lib/tasks/digest/send-task-digest.ts).
export const sendTaskDigestsQueue: JobQueue<Record<string, never>> = {
  name: "send-task-digests",
  cron: "*/15 * * * *",
  // A pass past its next occurrence is stale: the next one does the same work.
  options: { retryLimit: 3, retryDelay: 60, expireInSeconds: 600, policy: "singleton" },
  batchSize: 1,
  async handler() {
    await runTaskDigests(new Date());
  },
};
