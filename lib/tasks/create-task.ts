import { getDb } from "@/db/client";
import { tasks } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids/new-id";
import { inTransaction } from "@/lib/query/after-commit";
import type { TaskCreateInput } from "@/lib/schemas/tasks";
import { toPublicTask, type PublicTask } from "./public-task";
import { assertTaskOwner, resolveMe, type WhoIsMe } from "./task-assignee";
import { assertTaskLead } from "./task-lead";

// POST /api/v1/tasks and the web UI's add-task forms: the task and its task.created event commit
// together.
export async function createTask(
  accountId: string,
  input: TaskCreateInput,
  actor: Actor,
  whoIsMe: WhoIsMe,
): Promise<PublicTask> {
  const owner = await resolveMe(input.assignedTo, whoIsMe);
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const assignedTo = await assertTaskOwner(tx, accountId, owner);
    if (input.leadId) await assertTaskLead(tx, accountId, input.leadId);
    const [task] = await tx
      .insert(tasks)
      .values({
        id: newId("task"),
        accountId,
        leadId: input.leadId ?? null,
        assignedTo,
        title: input.title,
        type: input.type ?? "follow_up",
        dueAt: new Date(input.dueAt),
        notes: input.notes ?? null,
      })
      .returning();
    const object = toPublicTask(task);
    await recordEvent(tx, accountId, actor, { type: "task.created", object });
    return object;
  });
}
