import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";

// While an endpoint fails, its new deliveries wait for its retries instead of each taking a worker
// for the request's timeout (a circuit breaker, as Hookdeck and Convoy have). A receiver that is
// down otherwise took its in-flight cap of workers for 10 s per event, and its backlog, queued
// ahead of everyone's newer jobs, was read and passed over by every fetch of the fleet (pg-boss
// filters a group at its cap row by row: 0.44 µs a queued row a fetch, measured on 3,000 to
// 10,000 held-back jobs), which raised every healthy endpoint's lag the longer it lasted (bench
// scenario 7, the never-answering line at full length: 3.56). A job waiting for a later
// start_after costs a fetch far less: the fetch's index (pg-boss's job_i11) holds start_after, so
// such a job is passed over in the index, without reading its row.
//
// - A failed attempt that is retried holds the endpoint's first attempts until its retry has had
//   its answer (the retry's time plus the request's timeout), the retry at most HOLD_MAX_MS away:
//   those queued move to then, and the dispatcher queues new ones for then (dispatch-batch.ts).
//   Retries keep their own schedule: they are what tries the receiver meanwhile.
// - A hold is extended only when it would end within HOLD_MAX_MS / 2, so a receiver that keeps
//   failing moves its backlog about twice a minute, not at every failure.
// - When a hold ends with no success, what waited goes (under the endpoint's in-flight cap), and
//   the first failure holds the rest again.
// - A success releases it: everything queued for the endpoint goes now, retries included, and at a
//   healthy endpoint's cap again (the receiver is back, as after Svix's "recover").
// A Resend, a replay or a test event is never held back: a person is waiting for it.
//
// The jobs are found by their group, the endpoint's id (delivery-job.ts): a hold's statement reads
// the queue's waiting jobs, at most about twice a minute for an endpoint that keeps failing.
// Moving a queued job's start_after is what pg-boss's own update() does; it cannot pick jobs by
// group, so this statement does, in pg-boss's table, in the attempt's transaction
// (tests/integration/webhooks/endpoint-hold.db.test.ts checks it against pg-boss's fetch).

const HOLD_MAX_MS = 60_000;
const ANSWER_MARGIN_MS = 1_000;

/** The endpoint's hold after a failure retried at `nextAttemptAt`, or null when the current one
 * (`heldUntil`) runs long enough to leave as it is. */
export function extendedHold(
  heldUntil: Date | null,
  nextAttemptAt: Date,
  timeoutMs: number,
  now = Date.now(),
): Date | null {
  if (heldUntil && heldUntil.getTime() > now + HOLD_MAX_MS / 2) return null;
  const retry = Math.min(nextAttemptAt.getTime(), now + HOLD_MAX_MS);
  return new Date(retry + timeoutMs + ANSWER_MARGIN_MS);
}

/** Moves the endpoint's queued first attempts due before `until` to `until`. */
export async function holdQueuedDeliveries(tx: DbOrTx, queue: string, endpointId: string, until: Date): Promise<void> {
  await tx.execute(sql`
    update pgboss.job set start_after = ${until.toISOString()}::timestamptz
    where name = ${queue} and group_id = ${endpointId} and state = 'created'
      and start_after < ${until.toISOString()}::timestamptz
      and data->>'attempt' = '1' and data->'manual' is null`);
}

/** Makes the endpoint's queued deliveries due now, at a healthy endpoint's cap: those queued in
 * the failing tier while it failed leave it. */
export async function releaseQueuedDeliveries(tx: DbOrTx, queue: string, endpointId: string): Promise<void> {
  await tx.execute(sql`
    update pgboss.job set start_after = least(start_after, now()), group_tier = null
    where name = ${queue} and group_id = ${endpointId} and state = 'created'
      and (start_after > now() or group_tier is not null)`);
}
