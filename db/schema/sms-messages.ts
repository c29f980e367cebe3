import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { leads } from "./leads";
import { createdAt, nullableTimestamp, updatedAt } from "./columns";
import { SMS_DIRECTIONS, SMS_STATUSES } from "../enums";

export const smsStatusEnum = pgEnum("sms_status", SMS_STATUSES);
export const smsDirectionEnum = pgEnum("sms_direction", SMS_DIRECTIONS);

// Every SMS: each attempt to send (sent or failed) and each message received from a lead. The
// web UI's messages page and the lead's thread read this table.
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
    direction: smsDirectionEnum().notNull().default("outbound"),
    // Outbound: the lead's number. Inbound: our number the lead wrote to.
    to: text().notNull(),
    // Inbound: the lead's number it came from (E.164). Null for outbound.
    from: text(),
    message: text().notNull(),
    status: smsStatusEnum().notNull(),
    provider: text().notNull(),
    providerMessageId: text(),
    // The provider's failure, for staff; never returned by the API.
    error: text(),
    // When the provider reported the message delivered: sms.delivered is sent once.
    deliveredAt: nullableTimestamp(),
    // Inbound: when staff first saw it in the lead's thread; null counts as unread.
    readAt: nullableTimestamp(),
    // Scheduled (quiet hours, or an explicit sendAt): when it is due to go out.
    sendAt: nullableTimestamp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The messages page, newest first.
    index("sms_messages_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // Provider status callbacks look messages up by the provider's id.
    index("sms_messages_provider_id_idx").on(t.providerMessageId),
    // A lead's thread and GET /leads/:id/sms, by time.
    index("sms_messages_lead_created_idx").on(t.leadId, t.createdAt, t.id),
    // Unread counts on the messages page.
    index("sms_messages_account_unread_idx")
      .on(t.accountId, t.leadId)
      .where(sql`${t.direction} = 'inbound' and ${t.readAt} is null`),
    // A reply to the shared number goes to the account that last handed a text to its sender to
    // the provider (lib/sms/route-inbound-sms.ts, by when it went out); a STOP there reaches every
    // account that did (lib/sms/number-opt-outs.ts).
    index("sms_messages_handed_to_idx")
      .on(t.to, sql`coalesce(${t.sendAt}, ${t.createdAt})`)
      .where(sql`${t.direction} = 'outbound' and ${t.providerMessageId} is not null`),
  ],
);

export type SmsMessage = typeof smsMessages.$inferSelect;
