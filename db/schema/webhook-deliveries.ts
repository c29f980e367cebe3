import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, nullableTimestamp } from "./columns";
import { webhookEndpoints } from "./webhook-endpoints";

// The delivery log: one row per attempt to send one event to one endpoint; kept 30 days. The body
// is not stored: it is the event (events.data), signed afresh at each attempt.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    // No foreign key: both expire after 30 days, in whatever order the sweep takes them.
    eventId: text().notNull(),
    eventType: text().notNull(),
    // 1 for the first try; a retry or a resend takes the next number.
    attempt: integer().notNull(),
    // A resend from the log or the API, not the retry schedule.
    manual: boolean().notNull().default(false),
    succeeded: boolean().notNull(),
    httpStatus: integer(),
    durationMs: integer().notNull(),
    // The first 2 KB of the answer, as text.
    responseBody: text().notNull().default(""),
    error: text(),
    // Set when nothing was sent, and why: `endpoint_disabled` (the event came, or its retry was due,
    // while the endpoint was disabled). Such a row is in the log so it can be resent or replayed.
    skippedReason: text(),
    // When the schedule retries it; null once it succeeded or the schedule ran out.
    nextAttemptAt: nullableTimestamp(),
    createdAt: createdAt(),
  },
  (t) => [
    // An attempt is recorded once, whichever worker ran it twice (at-least-once jobs).
    uniqueIndex("webhook_deliveries_attempt_unique").on(t.endpointId, t.eventId, t.attempt),
    // The endpoint's log, newest first, and its failures.
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt, t.id),
    // The 30-day expiry sweep.
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
