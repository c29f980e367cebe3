import { and, count, eq, inArray, max } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, leadRoutingRules, memberships } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import { MAX_ROUTING_RULES, routingRuleInput, type RoutingRuleInput } from "@/lib/schemas/lead-routing";

// Settings → Lead routing writes a rule here: a new one goes last (before the default), an
// existing one keeps its place. The default rule is the account's one rule with `isDefault`; it
// has no conditions (it takes every lead no other rule takes).

export interface RuleTarget {
  accountId: string;
  /** The rule to change; absent: a new rule. */
  ruleId?: string;
  /** The default rule (created the first time it is saved). */
  isDefault?: boolean;
}

export async function saveRoutingRule(target: RuleTarget, raw: RoutingRuleInput): Promise<{ id: string }> {
  const input = routingRuleInput.parse(raw);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The account's row, locked: two saves at once cannot both pass the count below.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, target.accountId)).for("update");
    if (input.agentIds.length) {
      const members = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.accountId, target.accountId),
            inArray(memberships.userId, input.agentIds),
            eq(memberships.active, true),
          ),
        );
      const known = new Set(members.map((m) => m.userId));
      const missing = input.agentIds.findIndex((id) => !known.has(id));
      if (missing >= 0)
        throw new ApiError("validation_error", "Every agent must be an active member of this account.", [
          { path: `agentIds.${missing}`, message: "No such active member in this account" },
        ]);
    }
    const fields = {
      name: input.name,
      conditions: target.isDefault ? {} : input.conditions,
      agentIds: input.agentIds,
      rerouteAfterMinutes: input.rerouteAfterMinutes,
    };
    const existing = target.isDefault
      ? (
          await tx
            .select({ id: leadRoutingRules.id })
            .from(leadRoutingRules)
            .where(and(eq(leadRoutingRules.accountId, target.accountId), eq(leadRoutingRules.isDefault, true)))
        )[0]?.id
      : target.ruleId;
    if (existing) {
      const [row] = await tx
        .update(leadRoutingRules)
        .set(fields)
        .where(and(eq(leadRoutingRules.id, existing), eq(leadRoutingRules.accountId, target.accountId)))
        .returning({ id: leadRoutingRules.id });
      if (!row) throw notFound("Routing rule");
      return row;
    }
    const [{ rules, last }] = await tx
      .select({ rules: count(), last: max(leadRoutingRules.position) })
      .from(leadRoutingRules)
      .where(eq(leadRoutingRules.accountId, target.accountId));
    if (rules >= MAX_ROUTING_RULES)
      throw new ApiError("validation_error", `An account has at most ${MAX_ROUTING_RULES} routing rules.`, [
        { path: "name", message: `At most ${MAX_ROUTING_RULES} rules: delete one first` },
      ]);
    const id = newId("leadRoutingRule");
    await tx.insert(leadRoutingRules).values({
      id,
      accountId: target.accountId,
      isDefault: target.isDefault ?? false,
      position: (last ?? -1) + 1,
      ...fields,
    });
    return { id };
  });
}
