import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, nullableTimestamp, updatedAt } from "./columns";
import type { DomainType } from "./domain-types";
import { users } from "./users";

// A bulk action on the leads list (assign, status, add or remove a tag, text): what was asked,
// which leads (the ids picked, or the list's filters as they were at submit), and the background
// job's progress. The job commits each batch of leads with `cursor` (the last lead id done) and the
// counts, so a run killed mid-batch leaves nothing of that batch and the next run starts after the
// last committed one (lib/bulk-actions/run-bulk-action.ts).
export const bulkLeadActions = pgTable(
  "bulk_lead_actions",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // Who asked: the timeline names them on every lead the job changes.
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    action: jsonb().$type<DomainType<"bulkLeadAction">>().notNull(),
    selection: jsonb().$type<DomainType<"bulkLeadSelection">>().notNull(),
    // queued → running → completed | failed.
    status: text().notNull(),
    // Leads selected when it was asked (counted then; the job never goes past it).
    total: integer().notNull(),
    // The last lead id done (the job walks the selection in id order); null before the first batch.
    cursor: text(),
    processedCount: integer().notNull().default(0),
    // Leads the action changed (texts: sent now), and leads it left as they were (already so).
    changedCount: integer().notNull().default(0),
    unchangedCount: integer().notNull().default(0),
    // Texts: held by the lead's quiet hours until the window opens, and the leads not texted, by why.
    scheduledCount: integer().notNull().default(0),
    noConsentCount: integer().notNull().default(0),
    optedOutCount: integer().notNull().default(0),
    noPhoneCount: integer().notNull().default(0),
    // Why the whole job stopped, in words for the list.
    error: text(),
    startedAt: nullableTimestamp(),
    finishedAt: nullableTimestamp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The leads list's progress panel: the member's latest job.
    index("bulk_lead_actions_account_user_created_idx").on(t.accountId, t.createdBy, t.createdAt),
    // At most one unfinished bulk action per member: the second of two parallel submits fails
    // this insert and is refused in words.
    uniqueIndex("bulk_lead_actions_one_open_per_user")
      .on(t.createdBy)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export type BulkLeadAction = typeof bulkLeadActions.$inferSelect;
