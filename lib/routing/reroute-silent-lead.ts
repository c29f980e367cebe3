import { and, eq, gte, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import type { ActivityType } from "@/lib/domain/enums";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { enqueue } from "@/lib/jobs/enqueue";
import { notifyLeadAssignedQueue } from "@/lib/jobs/workers/notify-lead-assigned";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { toPublicLead } from "@/lib/leads/public-lead";
import { inTransaction } from "@/lib/query/after-commit";
import { loadRoutingRules, type RoutingAgent, type RoutingRule } from "./load-routing-rules";

// Re-route after silence: a rule with `rerouteAfterMinutes` queues this for each lead it routes
// (announce-routed-leads.ts). When it runs, a lead still with that agent and with no contact
// recorded since the assignment moves to the rule's next available agent, once: the lead row is
// locked and checked first, so a second run (pg-boss is at-least-once) finds it moved and stops.

export interface RerouteSilentLeadJob {
  accountId: string;
  leadId: string;
  agentId: string;
  ruleId: string;
  /** When the lead was routed (ISO): contact recorded since then keeps it with the agent. */
  assignedAt: string;
}

// A call, text, email or note: texts are sms_sent, a logged call or email a note or a completed
// task (of type call, text or email).
const CONTACT_TYPES: readonly ActivityType[] = ["note", "sms_sent", "task_completed"];

const ROUTING_ACTOR: Actor = { type: "system", id: null, name: "Lead routing" };

/** The agent after `agentId` in the rule's turn order, among those available now; null if none other. */
function nextAgent(rule: RoutingRule, agentId: string): RoutingAgent | null {
  const turn = rule.agentIds.indexOf(agentId);
  const others = rule.available.filter((agent) => agent.id !== agentId);
  if (others.length === 0) return null;
  const order = (agent: RoutingAgent) =>
    (rule.agentIds.indexOf(agent.id) - turn + rule.agentIds.length) % rule.agentIds.length;
  return others.reduce((best, agent) => (order(agent) < order(best) ? agent : best));
}

/** Answers the agent it moved the lead to, or null when it stays. */
export async function rerouteSilentLead(job: RerouteSilentLeadJob): Promise<string | null> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const before = await getLeadOrThrow(tx, job.accountId, job.leadId, { forUpdate: true }).catch(() => null);
    if (!before || before.assignedTo !== job.agentId) return null;
    const [contact] = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(
          eq(activities.accountId, job.accountId),
          eq(activities.leadId, job.leadId),
          inArray(activities.type, [...CONTACT_TYPES]),
          gte(activities.createdAt, new Date(job.assignedAt)),
        ),
      )
      .limit(1);
    if (contact) return null;
    const rule = (await loadRoutingRules(tx, job.accountId)).find((r) => r.id === job.ruleId);
    const next = rule && nextAgent(rule, job.agentId);
    if (!rule?.rerouteAfterMinutes || !next) return null;
    const [lead] = await tx.update(leads).set({ assignedTo: next.id }).where(eq(leads.id, job.leadId)).returning();
    const target = { accountId: job.accountId, leadId: job.leadId, actor: ROUTING_ACTOR };
    await recordActivity(tx, target, {
      kind: "lead_rerouted",
      agentId: next.id,
      agentName: next.name,
      fromId: job.agentId,
      ruleId: rule.id,
      ruleName: rule.name,
      minutes: rule.rerouteAfterMinutes,
    });
    const object = toPublicLead(lead);
    await recordEvent(tx, job.accountId, ROUTING_ACTOR, {
      type: "lead.updated",
      object,
      previousAttributes: previousAttributes(toPublicLead(before), object),
    });
    await enqueue(tx, notifyLeadAssignedQueue, {
      accountId: job.accountId,
      leads: [{ leadId: job.leadId, agentId: next.id }],
    });
    return next.id;
  });
}
