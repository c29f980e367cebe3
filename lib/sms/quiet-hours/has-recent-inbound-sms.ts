import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { smsMessages } from "@/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the lead wrote to us in the 24 hours before `now`: the one case where quiet hours may
 * be overridden (a reply within a conversation the lead started). */
export async function hasRecentInboundSms(db: DbOrTx, accountId: string, leadId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.accountId, accountId),
        eq(smsMessages.leadId, leadId),
        eq(smsMessages.direction, "inbound"),
        gt(smsMessages.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
