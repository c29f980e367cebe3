import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";

/** The lead's thread was shown with these replies as new: they stop counting as unread. Only the
 * lead's own unread inbound messages change (another lead's or account's id is ignored), and a
 * reply that arrived after the thread was shown stays unread. Answers the ids marked read. */
export async function markLeadSmsRead(
  accountId: string,
  leadId: string,
  smsIds: readonly string[],
): Promise<Set<string>> {
  if (smsIds.length === 0) return new Set();
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
        inArray(smsMessages.id, [...smsIds]),
      ),
    )
    .returning({ id: smsMessages.id });
  return new Set(rows.map((r) => r.id));
}
