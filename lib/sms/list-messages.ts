import { type SMS_STATUSES, type SmsDirection } from "@/lib/domain/enums";
import { and, eq, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, smsMessages } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";

export type SmsStatus = (typeof SMS_STATUSES)[number];

export interface AccountMessage {
  id: string;
  leadId: string;
  leadName: string;
  leadDeleted: boolean;
  direction: SmsDirection;
  to: string;
  /** Inbound: the lead's number. */
  from: string | null;
  /** Inbound and not yet seen in the lead's thread. */
  unread: boolean;
  message: string;
  status: SmsStatus;
  provider: string;
  /** The provider's failure: shown to staff, never returned by the API. */
  error: string | null;
  /** Scheduled: when it goes out. */
  sendAt: string | null;
  /** When the provider reported it delivered. */
  deliveredAt: string | null;
  createdAt: string;
}

// Every SMS the account sent, tried to send or received, newest first, with its lead, in the
// shape staff see (the provider's error, delivery): one lead's for the inbox's thread.
export async function listMessages(
  accountId: string,
  query: { limit: number; cursor?: string; status?: SmsStatus; direction?: SmsDirection; leadId?: string },
): Promise<Page<AccountMessage>> {
  const { limit, cursor, ...filters } = query;
  const page = keyset({ limit, cursor, sort: "-createdAt" }, smsMessages, cursorScope("messages", accountId, filters));
  const conditions: (SQL | undefined)[] = [
    eq(smsMessages.accountId, accountId),
    ifSet(filters.status, (v) => eq(smsMessages.status, v)),
    ifSet(filters.direction, (v) => eq(smsMessages.direction, v)),
    ifSet(filters.leadId, (v) => eq(smsMessages.leadId, v)),
    page.where,
  ];
  const db = await getDb();
  const rows = await db
    .select({ sms: smsMessages, leadName: leads.name, leadDeletedAt: leads.deletedAt })
    .from(smsMessages)
    .innerJoin(leads, eq(leads.id, smsMessages.leadId))
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  const keyed = rows.map((row) => ({ id: row.sms.id, createdAt: row.sms.createdAt, row }));
  return page.toPage(keyed, ({ row }) => ({
    id: row.sms.id,
    leadId: row.sms.leadId,
    leadName: row.leadName,
    leadDeleted: row.leadDeletedAt !== null,
    direction: row.sms.direction,
    to: row.sms.to,
    from: row.sms.from,
    unread: row.sms.direction === "inbound" && row.sms.readAt === null,
    message: row.sms.message,
    status: row.sms.status,
    provider: row.sms.provider,
    error: row.sms.error,
    sendAt: row.sms.sendAt?.toISOString() ?? null,
    deliveredAt: row.sms.deliveredAt?.toISOString() ?? null,
    createdAt: row.sms.createdAt.toISOString(),
  }));
}
