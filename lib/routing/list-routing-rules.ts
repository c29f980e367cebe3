import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leadRoutingRules, type LeadRoutingRule } from "@/db/schema";

export type RoutingRuleRow = Pick<
  LeadRoutingRule,
  "id" | "name" | "isDefault" | "conditions" | "agentIds" | "rerouteAfterMinutes"
>;

/** Settings → Lead routing: the account's rules in evaluation order, the default last. */
export async function listRoutingRules(accountId: string): Promise<RoutingRuleRow[]> {
  const db = await getDb();
  return db
    .select({
      id: leadRoutingRules.id,
      name: leadRoutingRules.name,
      isDefault: leadRoutingRules.isDefault,
      conditions: leadRoutingRules.conditions,
      agentIds: leadRoutingRules.agentIds,
      rerouteAfterMinutes: leadRoutingRules.rerouteAfterMinutes,
    })
    .from(leadRoutingRules)
    .where(eq(leadRoutingRules.accountId, accountId))
    .orderBy(asc(leadRoutingRules.isDefault), asc(leadRoutingRules.position), asc(leadRoutingRules.id));
}
