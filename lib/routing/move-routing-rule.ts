import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, leadRoutingRules } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors/api-error";

/** Swaps a rule with its neighbour above or below (the default rule stays last, unmoved). The
 * account's row is locked, so two moves at once cannot leave two rules on one position. */
export async function moveRoutingRule(
  accountId: string,
  ruleId: string,
  direction: "up" | "down",
  actor: AuditActor,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    const rules = await tx
      .select({ id: leadRoutingRules.id, name: leadRoutingRules.name })
      .from(leadRoutingRules)
      .where(and(eq(leadRoutingRules.accountId, accountId), eq(leadRoutingRules.isDefault, false)))
      .orderBy(asc(leadRoutingRules.position), asc(leadRoutingRules.id));
    const at = rules.findIndex((r) => r.id === ruleId);
    if (at < 0) throw notFound("Routing rule");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= rules.length) return;
    [rules[at], rules[to]] = [rules[to], rules[at]];
    // Positions renumbered 0…n-1: also mends gaps left by deletions.
    for (const [position, rule] of rules.entries())
      await tx.update(leadRoutingRules).set({ position }).where(eq(leadRoutingRules.id, rule.id));
    await recordAudit(tx, accountId, actor, {
      action: "routing_rule.moved",
      target: { type: "routing_rule", id: ruleId, label: rules[to].name },
      changes: { position: [at + 1, to + 1] },
    });
  });
}
