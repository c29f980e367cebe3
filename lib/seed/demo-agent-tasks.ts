import { DateTime } from "luxon";
import type { DbOrTx } from "@/db/client";
import { activities, tasks } from "@/db/schema";
import type { TaskType } from "@/lib/domain/enums";
import { newId } from "@/lib/ids/new-id";
import { activityRow, type Actor } from "@/lib/activities/record-activity";
import type { DemoAgent } from "./demo-agent-day";

// A day of tasks for each demo agent, placed around the seed's start in the account's zone, so the
// dashboard's "Your tasks" and the Tasks page show something: one overdue from yesterday, the
// day's calls, follow-ups and a showing, one done this morning (its task_completed on the lead)
// and one for tomorrow.

/** [days from today, hour, minute, type, title]; `{lead}` is the lead's first name. */
const SLOTS: ReadonlyArray<[day: number, hour: number, minute: number, type: TaskType, title: string]> = [
  [-1, 16, 0, "call", "Call {lead} back about the offer"],
  [0, 8, 30, "email", "Email {lead} the floor plan"],
  [0, 11, 0, "call", "Call {lead}: still looking?"],
  [0, 14, 0, "follow_up", "Follow up with {lead} after the viewing"],
  [0, 16, 30, "showing", "Showing with {lead}"],
  [0, 18, 0, "text", "Text {lead} the new listings"],
  [1, 10, 0, "call", "Call {lead} to confirm Saturday"],
];

interface AgentTasksInput {
  accountId: string;
  timeZone: string;
  agents: DemoAgent[];
  leads: ReadonlyArray<{ id: string; name: string; assignedTo: string | null; deletedAt?: Date | null }>;
  now: Date;
}

/** Inserts each agent's tasks (about their own leads) and the done one's activity; answers how
 * many tasks it made, for the seed's log. */
export async function seedAgentTasks(db: DbOrTx, input: AgentTasksInput): Promise<number> {
  const startOfToday = DateTime.fromJSDate(input.now).setZone(input.timeZone).startOf("day");
  const taskRows: Array<typeof tasks.$inferInsert> = [];
  const activityRows: Array<typeof activities.$inferInsert> = [];
  for (const agent of input.agents) {
    const actor: Actor = { type: "user", id: agent.id, name: agent.name };
    const theirs = input.leads.filter((lead) => lead.assignedTo === agent.id && !lead.deletedAt);
    SLOTS.forEach(([day, hour, minute, type, title], i) => {
      const lead = theirs.length ? theirs[i % theirs.length] : null;
      const dueAt = startOfToday.plus({ days: day }).set({ hour, minute }).toJSDate();
      const createdAt = new Date(Math.min(dueAt.getTime(), input.now.getTime()) - 2 * 86_400_000);
      // The first task of the day is done already, when its time has passed.
      const done = i === 1 && dueAt < input.now;
      const row = {
        id: newId("task"),
        accountId: input.accountId,
        leadId: lead?.id ?? null,
        assignedTo: agent.id,
        title: title.replace("{lead}", lead?.name.split(" ")[0] ?? "the new lead"),
        type,
        dueAt,
        status: done ? ("done" as const) : ("open" as const),
        completedAt: done ? dueAt : null,
        createdAt,
        updatedAt: done ? dueAt : createdAt,
        version: done ? 2 : 1,
      };
      taskRows.push(row);
      if (done && lead)
        activityRows.push(
          activityRow(
            { accountId: input.accountId, leadId: lead.id, actor, at: dueAt },
            { kind: "task_completed", taskId: row.id, title: row.title },
          ),
        );
    });
  }
  if (taskRows.length) await db.insert(tasks).values(taskRows);
  if (activityRows.length) await db.insert(activities).values(activityRows);
  return taskRows.length;
}
