import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leadRoutingRules } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors/api-error";

/** Deletes one of the account's rules (the default too: then unmatched leads stay unassigned). */
export async function deleteRoutingRule(
  accountId: string,
  ruleId: string,
  actor: AuditActor,
): Promise<{ name: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(leadRoutingRules)
      .where(and(eq(leadRoutingRules.id, ruleId), eq(leadRoutingRules.accountId, accountId)))
      .returning({ name: leadRoutingRules.name, agentIds: leadRoutingRules.agentIds });
    if (!row) throw notFound("Routing rule");
    await recordAudit(tx, accountId, actor, {
      action: "routing_rule.deleted",
      target: { type: "routing_rule", id: ruleId, label: row.name },
      changes: { agentIds: [row.agentIds, null] },
    });
    return { name: row.name };
  });
}
