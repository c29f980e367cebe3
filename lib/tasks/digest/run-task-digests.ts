import { logger } from "@/lib/log/logger";
import { agentsDueADigest } from "./agents-due-a-digest";
import { sendTaskDigest } from "./send-task-digest";

/** One pass of the scheduled job (lib/jobs/workers/send-task-digests.ts): every agent whose
 * morning has come gets the day's digest, once. A failed send fails the pass after the others
 * went out, so the job's retry sends only what is left (the rest are claimed). */
export async function runTaskDigests(now: Date = new Date()): Promise<{ sent: number }> {
  const agents = await agentsDueADigest(now);
  let sent = 0;
  let failure: unknown;
  for (const agent of agents) {
    try {
      if (await sendTaskDigest(agent)) sent++;
    } catch (error) {
      failure ??= error;
    }
  }
  if (sent > 0) logger.info("task digests sent", { sent });
  if (failure) throw failure;
  return { sent };
}
