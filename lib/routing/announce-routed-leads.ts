import { getDb } from "@/db/client";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { notifyLeadAssignedQueue } from "@/lib/jobs/workers/notify-lead-assigned";
import { rerouteSilentLeadQueue } from "@/lib/jobs/workers/reroute-silent-lead";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import type { RoutingRule } from "./load-routing-rules";

// After the commit of routed leads (insert-new-leads.ts): each agent's email, and for a rule that
// re-routes after silence, the job that looks again in N minutes. Sent on the pool once the leads
// exist, so the write itself stays one statement (tests/integration/webhooks/write-path-statements)
// and the answer does not wait: both sends are one statement each, started and not awaited.

export interface RoutedLead {
  leadId: string;
  agentId: string;
  rule: Pick<RoutingRule, "id" | "rerouteAfterMinutes">;
}

async function enqueueAnnouncements(accountId: string, routed: readonly RoutedLead[]): Promise<void> {
  const db = await getDb();
  const assignedAt = new Date().toISOString();
  await enqueueMany(
    db,
    notifyLeadAssignedQueue,
    routed.map(({ leadId, agentId }) => ({ data: { accountId, leadId, agentId } })),
  );
  const rerouted = routed.filter(({ rule }) => rule.rerouteAfterMinutes);
  await enqueueMany(
    db,
    rerouteSilentLeadQueue,
    rerouted.map(({ leadId, agentId, rule }) => ({
      data: { accountId, leadId, agentId, ruleId: rule.id, assignedAt },
      // One waiting re-route per lead (the queue's `exclusive` policy); it survives restarts.
      singletonKey: leadId,
      startAfter: new Date(Date.now() + rule.rerouteAfterMinutes! * 60_000),
    })),
  );
}

/** Queues the routed leads' follow-ups; never throws (the leads are committed whatever happens). */
export function announceRoutedLeads(accountId: string, routed: readonly RoutedLead[]): void {
  enqueueAnnouncements(accountId, routed).catch((error: unknown) =>
    logger.warn("lead routing: the agents' notices were not queued", {
      accountId,
      leads: routed.length,
      error: describeError(error),
    }),
  );
}
