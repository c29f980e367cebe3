import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tasks } from "@/db/schema";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import { ifSet } from "@/lib/query/if-set";
import type { TaskListQuery } from "@/lib/schemas/tasks";
import { toPublicTask, type PublicTask } from "./public-task";
import { resolveMe, type WhoIsMe } from "./task-assignee";

// GET /api/v1/tasks and the Tasks page. `assignedTo` + `dueBefore`/`dueAfter` in due order is one
// range scan of tasks_account_assignee_due_idx, stopped after a page, at any table size.
export async function listTasks(accountId: string, query: TaskListQuery, whoIsMe: WhoIsMe): Promise<Page<PublicTask>> {
  const { limit, cursor, sort, ...given } = query;
  // `me` is bound into the cursor as the user it names, so the cursor means the same list.
  const filters = { ...given, assignedTo: given.assignedTo && (await resolveMe(given.assignedTo, whoIsMe)) };
  const page = keyset({ limit, cursor, sort }, tasks, cursorScope("tasks", accountId, filters));
  const conditions: (SQL | undefined)[] = [
    eq(tasks.accountId, accountId),
    ifSet(filters.assignedTo, (v) => eq(tasks.assignedTo, v)),
    ifSet(filters.leadId, (v) => eq(tasks.leadId, v)),
    ifSet(filters.status, (v) => eq(tasks.status, v)),
    ifSet(filters.dueAfter, (v) => gte(tasks.dueAt, v)),
    ifSet(filters.dueBefore, (v) => lt(tasks.dueAt, v)),
    page.where,
  ];
  const db = await getDb();
  const rows = await db
    .select()
    .from(tasks)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, toPublicTask);
}
