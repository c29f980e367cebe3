import { and, count, desc, eq, isNull, max } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, smsMessages } from "@/db/schema";

export interface UnreadConversation {
  leadId: string;
  leadName: string;
  unread: number;
  lastAt: string;
}

// The messages page's "Unread" list: live leads with inbound messages no one has opened yet,
// latest first (the partial index sms_messages_account_unread_idx holds exactly these rows).
export async function listUnreadConversations(accountId: string, limit = 50): Promise<UnreadConversation[]> {
  const db = await getDb();
  const lastAt = max(smsMessages.createdAt);
  const rows = await db
    .select({ leadId: smsMessages.leadId, leadName: leads.name, unread: count(), lastAt })
    .from(smsMessages)
    .innerJoin(leads, and(eq(leads.id, smsMessages.leadId), isNull(leads.deletedAt)))
    .where(and(eq(smsMessages.accountId, accountId), eq(smsMessages.direction, "inbound"), isNull(smsMessages.readAt)))
    .groupBy(smsMessages.leadId, leads.name)
    .orderBy(desc(lastAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, lastAt: (r.lastAt ?? new Date(0)).toISOString() }));
}
