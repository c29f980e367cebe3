import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { bulkLeadActions } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { ApiError } from "@/lib/errors/api-error";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import { inTransaction } from "@/lib/query/after-commit";
import { retryOnDeadlock } from "@/lib/query/retry-on-deadlock";
import { processNextBulkBatch } from "./process-bulk-batch";

// The run-bulk-lead-action job: batch after batch from the action's checkpoint until no lead is
// left, then completed. Safe to run twice, or again after a crash: every batch starts after the
// last committed one, under the action's row lock.

export async function runBulkLeadAction(bulkActionId: string): Promise<void> {
  const db = await getDb();
  const [found] = await db.select().from(bulkLeadActions).where(eq(bulkLeadActions.id, bulkActionId));
  if (!found || !["queued", "running"].includes(found.status)) return;
  if (found.status === "queued") {
    await db
      .update(bulkLeadActions)
      .set({ status: "running", startedAt: new Date() })
      .where(and(eq(bulkLeadActions.id, bulkActionId), eq(bulkLeadActions.status, "queued")));
  }
  const actor: Actor = found.createdBy
    ? { type: "user", id: found.createdBy, name: found.createdByName }
    : { type: "system", id: null, name: found.createdByName };
  try {
    // A batch deadlocked with a member's edit of one of its leads runs again whole.
    while (await retryOnDeadlock(() => inTransaction(db, (tx) => processNextBulkBatch(tx, bulkActionId, actor)))) {
      /* next batch */
    }
  } catch (error) {
    // The database away, or the worker stopping: thrown, and pg-boss runs the job again from the
    // checkpoint. A refusal of the change itself (the assignee deactivated meanwhile) would refuse
    // every batch: the action stops there, and says so.
    if (!(error instanceof ApiError)) throw error;
    await db
      .update(bulkLeadActions)
      .set({ status: "failed", finishedAt: new Date(), error: `Stopped: ${error.message}` })
      .where(and(eq(bulkLeadActions.id, bulkActionId), eq(bulkLeadActions.status, "running")));
    logger.warn("bulk lead action stopped", { bulkActionId, error: describeError(error) });
    return;
  }
  const [done] = await db
    .update(bulkLeadActions)
    .set({ status: "completed", finishedAt: new Date() })
    .where(and(eq(bulkLeadActions.id, bulkActionId), eq(bulkLeadActions.status, "running")))
    .returning();
  if (done)
    logger.info("bulk lead action completed", { bulkActionId, kind: done.action.kind, leads: done.processedCount });
}
