import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";

/** Whether the account has any lead at all: a brand-new agency's empty queue is not a cleared
 * one, and the dashboard says which. One row of leads_account_status_created_idx at most. */
export async function accountHasLeads(accountId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.accountId, accountId), isNull(leads.deletedAt)))
    .limit(1);
  return Boolean(row);
}
