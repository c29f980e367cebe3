import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { DomainType } from "./domain-types";
import { accounts } from "./accounts";

// The audit log: who did what to the account's keys, endpoints, members, plan and settings,
// and who signed in. Append-only for the app: a trigger (migration 0006) refuses every UPDATE,
// and every DELETE but retention's (entries older than a year) and an account's own deletion.
export const auditLogEntries = pgTable(
  "audit_log_entries",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    occurredAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
    actorType: text().$type<DomainType<"auditActorType">>().notNull(),
    // The user's or key's id (null for the CLI and the system).
    actorId: text(),
    // Who, in words, as of the action: a user's name and email, a key's name and prefix.
    actorLabel: text().notNull(),
    action: text().$type<DomainType<"auditAction">>().notNull(),
    targetType: text(),
    targetId: text(),
    targetLabel: text(),
    // {field: [old, new]}; never a secret (lib/audit/record-audit.ts).
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    // The audit log page: an account's entries newest first, optionally filtered by action or
    // actor (few enough per account that these three keep every filter an index range).
    index("audit_log_account_time_idx").on(t.accountId, t.occurredAt, t.id),
    index("audit_log_account_action_time_idx").on(t.accountId, t.action, t.occurredAt, t.id),
    index("audit_log_account_actor_time_idx").on(t.accountId, t.actorId, t.occurredAt, t.id),
    // Retention deletes entries older than a year.
    index("audit_log_occurred_at_idx").on(t.occurredAt),
  ],
);

export type AuditLogEntry = typeof auditLogEntries.$inferSelect;
