import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";

/** Whether the lead's opt-out is their own STOP (not in the public lead: the lead page reads it
 * to lock the opt-out box and say why). */
export async function getOptOutByRecipient(accountId: string, leadId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ byRecipient: leads.smsOptOutByRecipient })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.accountId, accountId)))
    .limit(1);
  return row?.byRecipient ?? false;
}
