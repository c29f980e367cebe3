import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb } from "@/db/client";
import { leads, tasks } from "@/db/schema";
import type { TaskType } from "@/lib/domain/enums";

export interface DashboardTask {
  id: string;
  title: string;
  type: TaskType;
  dueAt: Date;
  leadId: string | null;
  leadName: string | null;
}

export interface MyTasks {
  /** Open and past due, most recently due first. */
  overdue: DashboardTask[];
  /** Open and due from now to the end of today in the agent's zone, soonest first. */
  today: DashboardTask[];
}

/** More than a day's work: the rest are on the Tasks page. */
const MAX_PER_LIST = 30;

/**
 * The dashboard's "your tasks": the signed-in agent's open tasks that are overdue and those still
 * due today, "today" being the viewer's day in their own zone. Two range scans of the agent's open
 * tasks (tasks_account_assignee_status_due_idx), so the cost does not grow with their history.
 */
export async function listMyTasks(
  accountId: string,
  userId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<MyTasks> {
  const endOfToday = DateTime.fromJSDate(now).setZone(timeZone).startOf("day").plus({ days: 1 }).toJSDate();
  const db = await getDb();
  const select = () =>
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        type: tasks.type,
        dueAt: tasks.dueAt,
        leadId: tasks.leadId,
        leadName: leads.name,
      })
      .from(tasks)
      .leftJoin(leads, eq(leads.id, tasks.leadId));
  const mine = and(eq(tasks.accountId, accountId), eq(tasks.assignedTo, userId), eq(tasks.status, "open"));
  const [overdue, today] = await Promise.all([
    select()
      .where(and(mine, lt(tasks.dueAt, now)))
      .orderBy(desc(tasks.dueAt), desc(tasks.id))
      .limit(MAX_PER_LIST),
    select()
      .where(and(mine, gte(tasks.dueAt, now), lt(tasks.dueAt, endOfToday)))
      .orderBy(asc(tasks.dueAt), asc(tasks.id))
      .limit(MAX_PER_LIST),
  ]);
  return { overdue, today };
}
