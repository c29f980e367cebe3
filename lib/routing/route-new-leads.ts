import type { RoutingAgent, RoutingRule } from "./load-routing-rules";
import { isRoundRobin, matchRoutingRule, type RoutableLead } from "./match-routing-rule";

// The routing of one write's new leads (insert-new-leads.ts), decided before its statement: each
// lead without an assignee gets the rule that takes it and the agents it may go to. Which of a
// round robin's agents is only known in the statement, from the turn it takes there
// (lead_routing_rules.next_turn, advanced by the number of this write's leads of that rule), so
// concurrent writes never give two leads the same turn.

export interface LeadRoute {
  rule: RoutingRule;
  /** One agent: that one. Several: the statement picks candidates[(first turn + turnOffset) mod count]. */
  candidates: RoutingAgent[];
  /** The lead's place among this write's leads of the same round robin; 0 for a one-agent rule. */
  turnOffset: number;
}

export interface RoutedLeads {
  /** By the leads' order; null: not routed (assigned by the caller, no rule, or left unassigned). */
  routes: (LeadRoute | null)[];
  /** How many turns of each round robin this write takes. */
  turns: { ruleId: string; count: number }[];
}

export function routeNewLeads(
  rules: readonly RoutingRule[],
  leads: readonly (RoutableLead & { assignedTo?: string | null })[],
): RoutedLeads {
  const turns = new Map<string, number>();
  const routes = leads.map((lead): LeadRoute | null => {
    if (lead.assignedTo != null || rules.length === 0) return null;
    const rule = matchRoutingRule(rules, lead);
    if (!rule || rule.available.length === 0) return null;
    if (!isRoundRobin(rule)) return { rule, candidates: rule.available.slice(0, 1), turnOffset: 0 };
    const turnOffset = turns.get(rule.id) ?? 0;
    turns.set(rule.id, turnOffset + 1);
    return { rule, candidates: rule.available, turnOffset };
  });
  return { routes, turns: [...turns].map(([ruleId, count]) => ({ ruleId, count })) };
}
