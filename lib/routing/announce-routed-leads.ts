import { getDb, stopBeforeCloseDb } from "@/db/client";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { notifyLeadAssignedQueue } from "@/lib/jobs/workers/notify-lead-assigned";
import { rerouteSilentLeadQueue } from "@/lib/jobs/workers/reroute-silent-lead";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import type { AssignedLead } from "./send-assignment-email";
import type { RoutingRule } from "./load-routing-rules";

// After the commit of routed leads (insert-new-leads.ts): each agent's email, and for a rule that
// re-routes after silence, the job that looks again in N minutes. Queued on the pool once the
// leads exist, so the write itself stays one statement (tests/integration/webhooks/
// write-path-statements) and the answer does not wait.
//
// The leads of one process are gathered for FLUSH_AFTER_MS and queued together: one insert and
// one job per NOTICES_PER_JOB leads of an account, where one job (and its insert, notify, fetch and
// completion) per lead cost POST /leads a fifth of its rate with routing on (bench scenario 16).
// A graceful stop queues what is gathered before pg-boss stops (closeDb runs the stop registered
// last first); a process killed within those milliseconds loses their emails, as it loses an
// after-commit send today: the leads themselves are committed and on each agent's dashboard.

export interface RoutedLead extends AssignedLead {
  rule: Pick<RoutingRule, "id" | "rerouteAfterMinutes">;
}

const FLUSH_AFTER_MS = 25;
const FLUSH_AT = 500;
const NOTICES_PER_JOB = 25;

interface Gathered {
  accountId: string;
  lead: RoutedLead;
  assignedAt: string;
}

let gathered: Gathered[] = [];
let timer: NodeJS.Timeout | undefined;
let unregisterStop: (() => void) | undefined;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function enqueueAnnouncements(batch: Gathered[]): Promise<void> {
  const db = await getDb();
  const byAccount = new Map<string, AssignedLead[]>();
  for (const { accountId, lead } of batch) {
    const leads = byAccount.get(accountId) ?? [];
    leads.push({ leadId: lead.leadId, agentId: lead.agentId });
    byAccount.set(accountId, leads);
  }
  await enqueueMany(
    db,
    notifyLeadAssignedQueue,
    [...byAccount].flatMap(([accountId, leads]) =>
      chunks(leads, NOTICES_PER_JOB).map((chunk) => ({ data: { accountId, leads: chunk } })),
    ),
  );
  const rerouted = batch.filter(({ lead }) => lead.rule.rerouteAfterMinutes);
  await enqueueMany(
    db,
    rerouteSilentLeadQueue,
    rerouted.map(({ accountId, lead: { leadId, agentId, rule }, assignedAt }) => ({
      data: { accountId, leadId, agentId, ruleId: rule.id, assignedAt },
      // One waiting re-route per lead (the queue's `exclusive` policy); it survives restarts.
      singletonKey: leadId,
      startAfter: new Date(Date.parse(assignedAt) + rule.rerouteAfterMinutes! * 60_000),
    })),
  );
}

/** Queues everything gathered so far; never throws (the leads are committed whatever happens). */
async function flush(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  unregisterStop?.();
  unregisterStop = undefined;
  const batch = gathered;
  gathered = [];
  if (!batch.length) return;
  await enqueueAnnouncements(batch).catch((error: unknown) =>
    logger.warn("lead routing: the agents' notices were not queued", {
      leads: batch.length,
      error: describeError(error),
    }),
  );
}

/** Gathers the routed leads' follow-ups, queued within FLUSH_AFTER_MS. */
export function announceRoutedLeads(accountId: string, routed: readonly RoutedLead[]): void {
  const assignedAt = new Date().toISOString();
  for (const lead of routed) gathered.push({ accountId, lead, assignedAt });
  if (gathered.length >= FLUSH_AT) return void flush();
  unregisterStop ??= stopBeforeCloseDb(flush);
  timer ??= setTimeout(() => void flush(), FLUSH_AFTER_MS);
}
