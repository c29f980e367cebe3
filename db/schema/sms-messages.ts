import { index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { leads } from "./leads";
import { createdAt, nullableTimestamp, updatedAt } from "./columns";
import { SMS_STATUSES } from "../../lib/domain/enums";

export const smsStatusEnum = pgEnum("sms_status", SMS_STATUSES);

// Every SMS attempt, sent or failed; the web UI's outbox reads this table.
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    leadId: text()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    to: text().notNull(),
    message: text().notNull(),
    status: smsStatusEnum().notNull(),
    provider: text().notNull(),
    providerMessageId: text(),
    // The provider's failure, for staff; never returned by the API.
    error: text(),
    // When the provider reported the message delivered: sms.delivered is sent once.
    deliveredAt: nullableTimestamp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The outbox page, newest first.
    index("sms_messages_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // Provider status callbacks look messages up by the provider's id.
    index("sms_messages_provider_id_idx").on(t.providerMessageId),
  ],
);

export type SmsMessage = typeof smsMessages.$inferSelect;
