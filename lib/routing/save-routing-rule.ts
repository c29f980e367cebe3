import { and, count, eq, inArray, max } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, leadRoutingRules, memberships } from "@/db/schema";
import { changedFields, recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import { ensureTurnSequence } from "./turn-sequence";
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

/** Changes made by no one in particular (fixtures, tests): the settings page passes its member. */
const SYSTEM_ACTOR: AuditActor = { type: "system", id: null, label: "System", ...UNKNOWN_CLIENT };

export async function saveRoutingRule(
  target: RuleTarget,
  raw: RoutingRuleInput,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<{ id: string }> {
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
    const saved = {
      name: leadRoutingRules.name,
      conditions: leadRoutingRules.conditions,
      agentIds: leadRoutingRules.agentIds,
      rerouteAfterMinutes: leadRoutingRules.rerouteAfterMinutes,
    };
    const [before] =
      target.isDefault || target.ruleId
        ? await tx
            .select({ id: leadRoutingRules.id, ...saved })
            .from(leadRoutingRules)
            .where(
              and(
                eq(leadRoutingRules.accountId, target.accountId),
                target.isDefault ? eq(leadRoutingRules.isDefault, true) : eq(leadRoutingRules.id, target.ruleId!),
              ),
            )
            .for("update")
        : [];
    if (target.ruleId && !before) throw notFound("Routing rule");
    if (before) {
      await tx.update(leadRoutingRules).set(fields).where(eq(leadRoutingRules.id, before.id));
      // A rule saved by the release before this one may have no turn sequence yet.
      await ensureTurnSequence(tx, before.id);
      const { id, ...was } = before;
      await recordAudit(tx, target.accountId, actor, {
        action: "routing_rule.updated",
        target: { type: "routing_rule", id, label: fields.name },
        changes: changedFields(was, fields),
      });
      return { id };
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
    await ensureTurnSequence(tx, id);
    await recordAudit(tx, target.accountId, actor, {
      action: "routing_rule.created",
      target: { type: "routing_rule", id, label: fields.name },
      changes: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, [null, value]])),
    });
    return { id };
  });
}
