import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { API_PLAN } from "@/lib/accounts/api-plan";
import { WEBHOOK_TEST_EVENT } from "@/lib/domain/enums";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { executeRows } from "@/lib/query/execute-rows";
import { inTraceContextOf } from "@/lib/observability/event-trace-context";
import { deliverWebhookQueue, type DeliverWebhookJob } from "@/lib/jobs/workers/deliver-webhook";
import { deliveryGroup } from "@/lib/webhooks/delivery-job";
import { ALL_EVENTS } from "@/lib/schemas/webhook-endpoints";
import { logSkipped } from "@/lib/webhooks/log-skipped";

// One step of the webhook dispatcher, in one transaction: take the dispatcher's position (a row
// lock: one dispatcher at a time across the fleet), read the next events of every account past it
// and below the feed's horizon, queue a delivery for each endpoint subscribed to each, and move
// the position past them. A crash before the commit leaves the position and queues nothing, so the
// next step redoes the batch whole; after it, the batch is done once. The write path never looks
// at endpoints: a change records its event, and this runs after its commit.
//
// The horizon is the feed's (lib/events/list-events.ts): an event is fanned out only once every
// transaction older than its own has ended, so the dispatcher reads the feed in the order a
// poller of GET /events does, and never passes an event that commits late. Subscription, plan
// and enablement are read here, at fan-out: an endpoint created after a change is not sent it.

const POSITION = "webhooks";

export interface DispatchStep {
  /** Another process holds the position: it is dispatching, this one did nothing. */
  busy: boolean;
  /** Events passed (fanned out or with no endpoint to send to). */
  events: number;
  /** Deliveries queued. */
  deliveries: number;
  /** Committed events above the horizon were seen: an older transaction still runs. */
  heldBack: boolean;
  /** The batch was full of settled events: more are likely waiting. */
  full: boolean;
}

type PositionRow = { txid: string; event_id: string };
type BatchRow = {
  id: string;
  account_id: string;
  type: string;
  txid: string;
  settled: boolean;
  endpoint_id: string | null;
  enabled: boolean | null;
  /** While the endpoint is held after a failure: until when, ms since the epoch (endpoint-hold.ts). */
  held_until_ms: number | null;
  trace_context: string | null;
};

export async function dispatchBatch(db: Db, limit: number): Promise<DispatchStep> {
  return db.transaction(async (tx) => {
    // SKIP LOCKED: a second dispatcher does not queue up behind the first (event-dispatcher.ts
    // tries again shortly, so what it was asked for is covered either way).
    const [position] = await executeRows<PositionRow>(
      tx,
      sql`select txid::text as txid, event_id from event_dispatch_positions
          where name = ${POSITION} for update skip locked`,
    );
    if (!position) return { busy: true, events: 0, deliveries: 0, heldBack: false, full: false };

    // `settled`: below the horizon. The batch is in txid order, so the settled rows come first.
    // An event joins each subscribed endpoint of an account on the API plan; test events went to
    // their one endpoint when they were sent (send-test-event.ts). A disabled endpoint gets a
    // "skipped" row in its log instead of a job, so its owner sees what it missed and can resend.
    const rows = await executeRows<BatchRow>(
      tx,
      sql`
      with batch as (
        select e.id, e.account_id, e.type, e.txid, e.trace_context,
               e.txid < pg_snapshot_xmin(pg_current_snapshot()) as settled
        from events e
        where (e.txid, e.id) > (${position.txid}::xid8, ${position.event_id}::text)
        order by e.txid, e.id
        limit ${limit}
      )
      select b.id, b.account_id, b.type, b.txid::text as txid, b.settled, s.endpoint_id, s.enabled, s.held_until_ms,
        b.trace_context
      from batch b
      left join lateral (
        select ep.id as endpoint_id, ep.enabled,
          case when ep.deliveries_held_until > now()
            then (extract(epoch from ep.deliveries_held_until) * 1000)::float8 end as held_until_ms
        from webhook_endpoints ep
        join accounts a on a.id = ep.account_id and a.plan = ${API_PLAN}
        where ep.account_id = b.account_id
          and ep.events && array[${ALL_EVENTS}, b.type]::text[]
      ) s on b.settled and b.type <> ${WEBHOOK_TEST_EVENT}
      order by b.txid, b.id, s.endpoint_id`,
    );

    const settled = rows.filter((row) => row.settled);
    const heldBack = settled.length < rows.length;
    const last = settled.at(-1);
    if (!last) return { busy: false, events: 0, deliveries: 0, heldBack, full: false };

    const deliveries = settled.filter((row) => row.endpoint_id !== null && row.enabled);
    // One statement for the batch; its pg_notify (the queue's `notify`) wakes a worker in every
    // process once, at this commit. With tracing on, one statement per trace context instead: pg-boss
    // stores the context active at an insert on each of its jobs, and each event's deliveries
    // continue the trace of the change that made it.
    for (const [traceContext, group] of groupBy(deliveries, (row) => row.trace_context)) {
      const jobs = group.map((row) => ({
        data: { eventId: row.id, endpointId: row.endpoint_id!, attempt: 1 } satisfies DeliverWebhookJob,
        // A failing endpoint's new deliveries wait for its retry with the others (endpoint-hold.ts),
        // then go one at a time.
        ...deliveryGroup(row.endpoint_id!, row.held_until_ms !== null),
        ...(row.held_until_ms !== null && { startAfter: new Date(row.held_until_ms) }),
      }));
      await inTraceContextOf(traceContext, () => enqueueMany(tx, deliverWebhookQueue, jobs));
    }
    const skipped = settled.filter((row) => row.endpoint_id !== null && !row.enabled);
    await logSkipped(
      tx,
      skipped.map((row) => ({
        accountId: row.account_id,
        endpointId: row.endpoint_id!,
        eventId: row.id,
        eventType: row.type,
        attempt: 1,
      })),
    );
    await tx.execute(sql`
      update event_dispatch_positions set txid = ${last.txid}::xid8, event_id = ${last.id}, updated_at = now()
      where name = ${POSITION}`);
    const events = new Set(settled.map((row) => row.id)).size;
    return { busy: false, events, deliveries: deliveries.length, heldBack, full: !heldBack && events >= limit };
  });
}

/** The rows by key, in first-seen order (one group, null, when tracing is off). */
function groupBy<Row, Key>(rows: Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
