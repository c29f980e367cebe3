import { index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { leads } from "./leads";
import { users } from "./users";
import { createdAt, nullableTimestamp, updatedAt, version } from "./columns";
import { TASK_STATUSES, TASK_TYPES } from "../enums";

export const taskTypeEnum = pgEnum("task_type", TASK_TYPES);
export const taskStatusEnum = pgEnum("task_status", TASK_STATUSES);

// An agent's to-do: call this lead back, send the brochure, a showing. Written with its event
// (and, when completed on a lead, the lead's activity) in one transaction (lib/tasks/).
export const tasks = pgTable(
  "tasks",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // Optional: a task may be about no lead ("prepare the open house"). A lead is soft-deleted, so
    // this cascade only runs when the account goes.
    leadId: text().references(() => leads.id, { onDelete: "cascade" }),
    // The agent who owns it. A user is deleted only when their last membership is removed.
    assignedTo: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    type: taskTypeEnum().notNull(),
    dueAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull(),
    status: taskStatusEnum().notNull().default("open"),
    // Set when the task becomes done, cleared when it is reopened.
    completedAt: nullableTimestamp(),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // GET /tasks?assignedTo=…&dueBefore=…/dueAfter=… in due order (the benchmark line):
    // one range scan of the agent's tasks, stopped after a page.
    index("tasks_account_assignee_due_idx").on(t.accountId, t.assignedTo, t.dueAt, t.id),
    // The same with a status (an agent's open tasks: the dashboard's "today" and "overdue", the
    // daily digest, GET /tasks?status=open): done ones, most of an agent's past, never buried
    // under. Not a partial index on status = 'open': a prepared statement's generic plan cannot
    // prove a parameter equals 'open', and read the agent's whole history instead (157 ms at
    // 1,000,000 tasks against 0.13 ms here).
    index("tasks_account_assignee_status_due_idx").on(t.accountId, t.assignedTo, t.status, t.dueAt, t.id),
    // GET /tasks in due order (the default) without an assignee; the dueBefore/dueAfter range.
    index("tasks_account_due_idx").on(t.accountId, t.dueAt, t.id),
    // GET /tasks with sort=±createdAt and sort=±updatedAt (keyset on the time, id).
    index("tasks_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("tasks_account_updated_idx").on(t.accountId, t.updatedAt, t.id),
    // The lead page's Tasks panel; GET /tasks?leadId=….
    index("tasks_lead_due_idx").on(t.leadId, t.dueAt, t.id),
  ],
);

export type Task = typeof tasks.$inferSelect;
