import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leadRoutingRules } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

/** Deletes one of the account's rules (the default too: then unmatched leads stay unassigned). */
export async function deleteRoutingRule(accountId: string, ruleId: string): Promise<{ name: string }> {
  const db = await getDb();
  const [row] = await db
    .delete(leadRoutingRules)
    .where(and(eq(leadRoutingRules.id, ruleId), eq(leadRoutingRules.accountId, accountId)))
    .returning({ name: leadRoutingRules.name });
  if (!row) throw notFound("Routing rule");
  return row;
}
