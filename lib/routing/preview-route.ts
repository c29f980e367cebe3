import { getDb } from "@/db/client";
import { prepareLeadFields, type LeadAccountContext } from "@/lib/leads/prepare-lead-fields";
import type { RoutePreview } from "@/lib/schemas/lead-routing";
import type { LeadCreateInput } from "@/lib/schemas/leads";
import { loadRoutingRules } from "./load-routing-rules";
import { isRoundRobin, matchRoutingRule } from "./match-routing-rule";

// POST /leads/route-preview: where a lead would go if it were created now, with the same rules
// and the same matching as the create (route-new-leads.ts), reading only. A round robin shows the
// agent whose turn is next; the turn is not taken.

export async function previewRoute(account: LeadAccountContext, input: LeadCreateInput): Promise<RoutePreview> {
  const db = await getDb();
  // The same checks and normalisation as a create: an assignee must be the account's, tags
  // lose their duplicates.
  const fields = await prepareLeadFields(db, account, input);
  if (fields.assignedTo != null) return { rule: null, assignedTo: fields.assignedTo, reason: "assigned_to_given" };
  const rule = matchRoutingRule(await loadRoutingRules(db, account.accountId), fields);
  if (!rule) return { rule: null, assignedTo: null, reason: "no_rule" };
  const named = { id: rule.id, name: rule.name };
  if (rule.agentIds.length === 0) return { rule: named, assignedTo: null, reason: "leave_unassigned" };
  if (!isRoundRobin(rule)) return { rule: named, assignedTo: rule.available[0].id, reason: "agent" };
  const next = rule.available[rule.nextTurn % rule.available.length];
  return { rule: named, assignedTo: next.id, reason: "round_robin" };
}
