import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tasks, type Task } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import type { TaskStatus, TaskType } from "@/lib/domain/enums";
import { assertVersionMatches } from "@/lib/errors/assert-version-matches";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { followTheWork } from "@/lib/leads/pipeline-moves";
import { inTransaction } from "@/lib/query/after-commit";
import type { TaskUpdateInput } from "@/lib/schemas/tasks";
import { getTaskRowOrThrow } from "./get-task-or-throw";
import { toPublicTask, type PublicTask } from "./public-task";
import { assertTaskOwner, resolveMe, type WhoIsMe } from "./task-assignee";
import { assertTaskLead } from "./task-lead";

/** A call, text or email done is contact with the lead; a follow-up or showing says nothing of it. */
const isContactTask = (type: TaskType): type is "call" | "text" | "email" =>
  type === "call" || type === "text" || type === "email";

/** completedAt follows the status: set when a task becomes done, kept while it stays done,
 * cleared when it is reopened or cancelled. */
function completedAtFor(before: Task, status: TaskStatus, now: Date): Date | null {
  if (status !== "done") return null;
  return before.status === "done" ? before.completedAt : now;
}

// PATCH /api/v1/tasks/:id and the web UI's complete, reopen and reschedule: one transaction with
// the row locked, one event when anything changed (task.completed when it became done,
// task.updated otherwise, both with previousAttributes), and, when it became done and is about
// a lead, a task_completed activity on the lead (and, for a call, text or email done, the New
// lead's move to Contacted: pipeline-moves.ts). A request that changes nothing writes nothing.
export async function updateTask(
  accountId: string,
  taskId: string,
  input: TaskUpdateInput,
  actor: Actor,
  whoIsMe: WhoIsMe,
  /** If-Match (lib/api/if-match.ts): the versions the task may be at; any when undefined. */
  ifMatch?: readonly number[],
): Promise<PublicTask> {
  const { assignedTo, leadId, dueAt, status, ...plain } = input;
  const owner = assignedTo === undefined ? undefined : await resolveMe(assignedTo, whoIsMe);
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const before = await getTaskRowOrThrow(tx, accountId, taskId, { forUpdate: true });
    assertVersionMatches("task", before.version, ifMatch);
    const next: Partial<typeof tasks.$inferInsert> = { ...plain };
    // The owner it has stays accepted after they were deactivated (as a lead's assignee does).
    if (owner !== undefined && owner !== before.assignedTo)
      next.assignedTo = await assertTaskOwner(tx, accountId, owner);
    if (leadId !== undefined) {
      if (leadId !== null && leadId !== before.leadId) await assertTaskLead(tx, accountId, leadId);
      next.leadId = leadId;
    }
    if (dueAt !== undefined) next.dueAt = new Date(dueAt);
    if (status !== undefined) {
      next.status = status;
      next.completedAt = completedAtFor(before, status, new Date());
    }
    const changed = Object.fromEntries(
      Object.entries(next).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof Task]),
      ),
    );
    if (Object.keys(changed).length === 0) return toPublicTask(before);

    const [after] = await tx.update(tasks).set(changed).where(eq(tasks.id, before.id)).returning();
    const object = toPublicTask(after);
    const completed = before.status !== "done" && after.status === "done";
    if (completed && after.leadId) {
      await recordActivity(
        tx,
        { accountId, leadId: after.leadId, actor },
        { kind: "task_completed", taskId: after.id, title: after.title },
      );
      if (isContactTask(after.type)) {
        const lead = await getLeadOrThrow(tx, accountId, after.leadId, { forUpdate: true }).catch(() => null);
        if (lead) await followTheWork(tx, lead, { trigger: after.type }, actor);
      }
    }
    await recordEvent(tx, accountId, actor, {
      type: completed ? "task.completed" : "task.updated",
      object,
      previousAttributes: previousAttributes(toPublicTask(before), object),
    });
    return object;
  });
}
