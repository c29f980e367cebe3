import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";

/** At most this many unread replies of one lead are shown as new and marked read at once. */
export const UNREAD_SHOWN_MAX = 500;

/** The lead's replies no one has read yet (a read only: the lead page shows them as new, and the
 * thread marks them read once it is on screen: markLeadSmsRead). The partial index
 * sms_messages_account_unread_idx holds exactly these rows. */
export async function listUnreadLeadSmsIds(accountId: string, leadId: string): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.accountId, accountId),
        eq(smsMessages.leadId, leadId),
        eq(smsMessages.direction, "inbound"),
        isNull(smsMessages.readAt),
      ),
    )
    .limit(UNREAD_SHOWN_MAX);
  return new Set(rows.map((r) => r.id));
}
