import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { activities, leads } from "@/db/schema";

/** The account's live lead with this phone (E.164); when several share it, the most recently
 * active one (its latest activity, else its last update), where a reply most likely belongs. */
export async function findLeadIdByPhone(db: DbOrTx, accountId: string, phone: string): Promise<string | null> {
  const lastActive = sql`coalesce((select max(${activities.createdAt}) from ${activities} where ${activities.leadId} = ${leads.id}), ${leads.updatedAt})`;
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.accountId, accountId), eq(leads.phone, phone), isNull(leads.deletedAt)))
    .orderBy(desc(lastActive), desc(leads.createdAt))
    .limit(1);
  return lead?.id ?? null;
}
