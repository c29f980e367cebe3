import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { WEBHOOK_TEST_EVENT } from "@/lib/domain/enums";
import { ApiError } from "@/lib/errors/api-error";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { inTransaction } from "@/lib/query/after-commit";
import { executeRows } from "@/lib/query/execute-rows";
import { ALL_EVENTS } from "@/lib/schemas/webhook-endpoints";
import { deliveryGroup } from "./delivery-job";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";

// "Replay since…" (Svix's recover): the endpoint's events from a chosen time, from the feed, sent
// again as resends. Bounded: the feed keeps 30 days, and one replay queues at most REPLAY_LIMIT
// events, the oldest first; `until` then says where the next replay should start.

const KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const REPLAY_LIMIT = 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface ReplayResult {
  /** Events queued to the endpoint. */
  queued: number;
  /** The time of the last event queued when the limit cut the replay short; null when complete. */
  until: Date | null;
}

type ReplayRow = { event_id: string; attempt: number; created_at: Date };

export async function replayEndpointSince(accountId: string, endpointId: string, since: Date): Promise<ReplayResult> {
  // A few minutes of the caller's clock running ahead are allowed: such a replay queues nothing.
  if (since.getTime() > Date.now() + CLOCK_SKEW_MS) throw invalidSince("must not be in the future");
  if (since.getTime() < Date.now() - KEPT_MS) throw invalidSince("must be within the last 30 days, what is kept");
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, accountId, endpointId);
    if (!endpoint.enabled)
      throw new ApiError("webhook_endpoint_disabled", "Enable the endpoint to replay events to it.");
    // Only events the dispatcher has passed (at or before its position): a later one is still to
    // be fanned out, and would otherwise go twice. Each is claimed like a Resend (webhook_resends),
    // for its next attempt number, so two replays at once queue it once.
    const rows = await executeRows<ReplayRow>(
      tx,
      sql`
      with picked as (
        select e.id, e.created_at, e.txid
        from events e
        join event_dispatch_positions p on p.name = 'webhooks'
        join webhook_endpoints ep on ep.id = ${endpoint.id} and ep.account_id = e.account_id
        where e.account_id = ${accountId}
          and e.created_at >= ${since.toISOString()}::timestamptz
          and e.type <> ${WEBHOOK_TEST_EVENT}
          and ep.events && array[${ALL_EVENTS}, e.type]::text[]
          and (e.txid, e.id) <= (p.txid, p.event_id)
        order by e.created_at, e.id
        limit ${REPLAY_LIMIT}
      ), claimed as (
        insert into webhook_resends (endpoint_id, event_id, attempt)
        select ${endpoint.id}, picked.id, coalesce((
          select max(d.attempt) from webhook_deliveries d where d.endpoint_id = ${endpoint.id} and d.event_id = picked.id
        ), 0) + 1
        from picked
        on conflict do nothing
        returning event_id, attempt
      )
      select c.event_id, c.attempt, p.created_at from claimed c join picked p on p.id = c.event_id
      order by p.created_at, p.id`,
    );
    const jobs = rows.map((row) => ({
      data: { eventId: row.event_id, endpointId: endpoint.id, attempt: row.attempt, manual: true },
      ...deliveryGroup(endpoint.id),
    }));
    await enqueueMany(tx, deliverWebhookQueue, jobs);
    const last = rows.at(-1);
    return { queued: rows.length, until: rows.length >= REPLAY_LIMIT && last ? new Date(last.created_at) : null };
  });
}

function invalidSince(message: string): ApiError {
  return new ApiError("validation_error", `since ${message}.`, [{ path: "since", message }]);
}
