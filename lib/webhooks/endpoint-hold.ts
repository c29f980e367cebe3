import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";

// While an endpoint fails, its deliveries wait for its next retry instead of each taking a worker
// for the request's timeout (a circuit breaker, as Hookdeck and Convoy have). A receiver that is
// down otherwise took its in-flight cap of workers for 10 s per event, and its backlog, queued
// ahead of everyone's newer jobs, was read and passed over by every fetch of the fleet (pg-boss
// filters a group at its cap row by row: 0.44 µs a queued row a fetch, measured on 3,000 to
// 10,000 held-back jobs), which raised every healthy endpoint's lag the longer it lasted (bench
// scenario 7, the never-answering line at full length: 3.56).
//
// - A failed attempt that is retried holds the endpoint until its retry, at most HOLD_MAX_MS
//   away: its queued deliveries move to then, and the dispatcher queues new ones for then
//   (dispatch-batch.ts). When the hold ends, what waited goes; the first failure holds it again.
// - A success releases it: everything queued for it goes now, retries included (the receiver is
//   back, as after Svix's "recover").
// A Resend or a test event is never held: a person is waiting for it.
//
// The jobs are found by their singleton key, the endpoint's id (heldWith below): the delivery
// queue's `standard` policy makes it a label, not a constraint, and pg-boss indexes it for queued
// jobs (job_i17). Moving a queued job's start_after is what pg-boss's own update() does; it cannot
// move only the jobs due sooner, so this statement does, in pg-boss's table, in the attempt's
// transaction (tests/integration/webhooks/endpoint-hold.db.test.ts checks it against pg-boss's
// fetch).

const HOLD_MAX_MS = 60_000;

/** The job options of a delivery that a failing endpoint holds back (dispatch, retries, replays). */
export const heldWith = (endpointId: string) => ({ singletonKey: endpointId });

/** Until when a failed attempt retried at `nextAttemptAt` holds its endpoint. */
export function holdUntil(nextAttemptAt: Date, now = Date.now()): Date {
  return new Date(Math.min(nextAttemptAt.getTime(), now + HOLD_MAX_MS));
}

/** Moves the endpoint's queued deliveries due before `until` to `until`. */
export async function holdQueuedDeliveries(tx: DbOrTx, queue: string, endpointId: string, until: Date): Promise<void> {
  await tx.execute(sql`
    update pgboss.job set start_after = ${until.toISOString()}::timestamptz
    where name = ${queue} and singleton_key = ${endpointId}
      and state = 'created' and start_after < ${until.toISOString()}::timestamptz`);
}

/** Makes the endpoint's queued deliveries due now. */
export async function releaseQueuedDeliveries(tx: DbOrTx, queue: string, endpointId: string): Promise<void> {
  await tx.execute(sql`
    update pgboss.job set start_after = now()
    where name = ${queue} and singleton_key = ${endpointId}
      and state = 'created' and start_after > now()`);
}
