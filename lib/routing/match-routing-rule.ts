import type { RoutingConditions } from "@/lib/schemas/lead-routing";
import type { RoutingRule } from "./load-routing-rules";

// Which rule takes a new lead: the first, in order, whose conditions all hold and that can act
// on it. A rule whose agents are all unavailable cannot, so the lead goes on to the next rule
// (and at last the default), rather than waiting unassigned for someone who is away.

/** The fields of a new lead that rules look at. */
export interface RoutableLead {
  source?: string | null;
  tags?: readonly string[] | null;
  interest?: string | null;
  budget?: number | null;
  customFields?: Readonly<Record<string, unknown>> | null;
}

const folded = (value: string) => value.trim().toLowerCase();

function customFieldHolds(value: unknown, wanted: string | number | boolean): boolean {
  if (Array.isArray(value)) return value.includes(wanted);
  return value === wanted;
}

function conditionsHold(conditions: RoutingConditions, lead: RoutableLead): boolean {
  const { sources, tags, interests, budgetMin, budgetMax, customFields } = conditions;
  if (sources?.length && !(lead.source && sources.some((s) => folded(s) === folded(lead.source!)))) return false;
  if (tags?.length) {
    const has = new Set((lead.tags ?? []).map(folded));
    if (!tags.some((tag) => has.has(folded(tag)))) return false;
  }
  if (interests?.length && !(lead.interest && (interests as readonly string[]).includes(lead.interest))) return false;
  if (budgetMin !== undefined && !(lead.budget != null && lead.budget >= budgetMin)) return false;
  if (budgetMax !== undefined && !(lead.budget != null && lead.budget <= budgetMax)) return false;
  for (const [key, wanted] of Object.entries(customFields ?? {}))
    if (!customFieldHolds(lead.customFields?.[key], wanted)) return false;
  return true;
}

/** Leaves leads unassigned, or has an agent who can take one now. */
const canAct = (rule: RoutingRule) => rule.agentIds.length === 0 || rule.available.length > 0;

/** The rule that takes the lead; null when none does. `rules` in evaluation order (loadRoutingRules). */
export function matchRoutingRule(rules: readonly RoutingRule[], lead: RoutableLead): RoutingRule | null {
  return rules.find((rule) => canAct(rule) && conditionsHold(rule.conditions, lead)) ?? null;
}

/** A rule of several agents takes them in turn; of one, always that one. */
export const isRoundRobin = (rule: RoutingRule) => rule.agentIds.length > 1;
