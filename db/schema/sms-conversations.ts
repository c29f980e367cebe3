import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { leads } from "./leads";

// One row per lead that has SMS: its latest message (either direction) and how many of its replies
// no one has marked read. The inbox (the Messages page) pages through this table alone, so a page
// costs the same with ten conversations or a million messages. Kept by triggers on sms_messages
// (migration 0032_sms_conversations), not by the services, so every path that writes a message
// (a send, a schedule, an inbound reply, the demo, a bulk text) keeps it true without knowing it.
export const smsConversations = pgTable(
  "sms_conversations",
  {
    leadId: text()
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // The latest message by (createdAt, id): what the inbox shows on the conversation's row.
    lastSmsId: text().notNull(),
    lastAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull(),
    // Inbound messages with readAt null.
    unreadCount: integer().notNull().default(0),
  },
  (t) => [
    // The inbox: unread conversations first, then the latest first, by keyset on this exact order.
    index("sms_conversations_inbox_idx").on(t.accountId, sql`(${t.unreadCount} > 0)`, t.lastAt, t.leadId),
  ],
);

export type SmsConversation = typeof smsConversations.$inferSelect;
