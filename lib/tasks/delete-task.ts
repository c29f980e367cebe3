import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tasks } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { assertVersionMatches } from "@/lib/errors/assert-version-matches";
import { recordEvent } from "@/lib/events/record-event";
import { inTransaction } from "@/lib/query/after-commit";
import { getTaskRowOrThrow } from "./get-task-or-throw";
import { toPublicTask } from "./public-task";

// DELETE /api/v1/tasks/:id and the web UI: a task is removed for good (a done task is kept by
// completing it, not by deleting it). The task.deleted event keeps its last shape, with the next
// version, as property.deleted does, so a receiver applying only newer versions never drops it.
export async function deleteTask(
  accountId: string,
  taskId: string,
  actor: Actor,
  /** If-Match (lib/api/if-match.ts): the versions the task may be at; any when undefined. */
  ifMatch?: readonly number[],
): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const held = await getTaskRowOrThrow(tx, accountId, taskId, { forUpdate: true });
    assertVersionMatches("task", held.version, ifMatch);
    await tx.delete(tasks).where(eq(tasks.id, held.id));
    await recordEvent(tx, accountId, actor, {
      type: "task.deleted",
      object: { ...toPublicTask(held), version: held.version + 1, deleted: true },
    });
    return { id: held.id, deleted: true };
  });
}
