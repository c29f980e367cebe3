import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";

/** The lead's thread was opened: its inbound messages stop counting as unread. Answers the ids
 * that were unread, so the thread can mark them as new this once. */
export async function markLeadSmsRead(accountId: string, leadId: string): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .update(smsMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(smsMessages.accountId, accountId),
        eq(smsMessages.leadId, leadId),
        eq(smsMessages.direction, "inbound"),
        isNull(smsMessages.readAt),
      ),
    )
    .returning({ id: smsMessages.id });
  return new Set(rows.map((r) => r.id));
}
