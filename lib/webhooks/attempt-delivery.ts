import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookResends, type WebhookEndpoint } from "@/db/schema";
import type { Db, DbOrTx } from "@/db/client";
import { newId } from "@/lib/ids/new-id";
import { enqueue } from "@/lib/jobs/enqueue";
import type { JobQueue } from "@/lib/jobs/define-queue";
import { settleInWaves, type Settled } from "@/lib/jobs/settle-in-waves";
import { inTransaction } from "@/lib/query/after-commit";
import { countWebhookDelivery, type WebhookDeliveryOutcome } from "@/lib/observability/webhook-delivery-metrics";
import { readTargets, type DeliveryTarget } from "./delivery-targets";
import { DELIVERY_BATCH, deliveryGroup, type DeliveryJob } from "./delivery-job";
import { healthAfter } from "./endpoint-health";
import { extendedHold, holdQueuedDeliveries, releaseQueuedDeliveries } from "./endpoint-hold";
import { signingSecrets } from "./endpoint-secrets";
import { logAttempts, recordAttempt, type AttemptRow } from "./log-attempts";
import { logSkipped } from "./log-skipped";
import { postWebhook } from "./post-webhook";
import { retryDelayMs } from "./retry-schedule";
import { signedWebhookHeaders } from "./sign-webhook";

const DEFAULT_TIMEOUT_MS = 10_000;

const timeoutMs = () => Number(process.env.WEBHOOK_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;

// Attempts of one batch that end within this long of the first to end are logged together, in one
// statement: a batch whose receivers all answer within it costs what it did when the whole batch
// was logged at its end. One that answers later (or never: the 10 s timeout) goes in a later wave,
// and no longer holds back the others' logging and completion.
const WAVE_MS = 200;

/**
 * Sends each event, then records each attempt, schedules its retry and updates its endpoint's
 * health. At least once: a worker that dies after sending and before recording sends again, with
 * the same `webhook-id` (the event id), which receivers deduplicate on. An attempt already recorded
 * (another worker ran this job too) is not sent again. At most DELIVERY_BATCH jobs; one result per
 * job, in order: a job whose recording failed (the database was away) is rejected.
 *
 * `logged` is told the jobs (their indexes) of each wave that is logged while others of the batch
 * are still in flight, for the worker to complete them at once: a job its queue still counts as
 * running holds its endpoint's in-flight slot (deliver-webhook.ts), so a batch that also holds a
 * request to a receiver that never answers would hold the healthy receivers' slots for the whole
 * timeout. The last wave is not told: the worker completes the batch when this returns.
 */
export async function attemptDeliveries(
  jobs: DeliveryJob[],
  queue: JobQueue<DeliveryJob>,
  logged?: (indexes: number[]) => Promise<void>,
): Promise<PromiseSettledResult<void>[]> {
  if (jobs.length > DELIVERY_BATCH) throw new Error(`at most ${DELIVERY_BATCH} deliveries at once`);
  const db = await getDb();
  let targets: (DeliveryTarget | undefined)[];
  try {
    targets = await readTargets(db, jobs);
  } catch (error) {
    jobs.forEach(() => countWebhookDelivery("error"));
    return jobs.map(() => ({ status: "rejected", reason: error }));
  }
  const results: PromiseSettledResult<void>[] = [];
  const attempts = jobs.map((job, i) => deliver(db, job, targets[i], queue));
  await settleInWaves(attempts, WAVE_MS, async (wave, last) => {
    for (const [i, result] of await logWave(db, wave)) results[i] = result;
    const done = wave.map(({ index }) => index).filter((i) => results[i].status === "fulfilled");
    if (last || !logged || done.length === 0) return;
    // Completing early only frees the slots sooner: if it fails, the batch's completion does it.
    await logged(done).catch(() => undefined);
  });
  return results;
}

/** A wave's plain attempts in one statement; each job's result, counted in
 * leadprop_webhook_deliveries_total. */
async function logWave(db: Db, wave: Settled<Delivered>[]): Promise<Map<number, PromiseSettledResult<void>>> {
  const plain = wave.flatMap(({ index, result }) =>
    result.status === "fulfilled" && typeof result.value !== "string" ? [{ index, row: result.value.row }] : [],
  );
  const logging = await logAttempts(
    db,
    plain.map(({ row }) => row),
  );
  const loggingOf = new Map(plain.map(({ index }, n) => [index, logging[n]]));
  return new Map(
    wave.map(({ index, result }): [number, PromiseSettledResult<void>] => {
      const log = loggingOf.get(index);
      const failed = result.status === "rejected" ? result : log?.status === "rejected" ? log : null;
      if (failed) {
        countWebhookDelivery("error");
        return [index, { status: "rejected", reason: failed.reason }];
      }
      const { value } = result as PromiseFulfilledResult<Delivered>;
      countWebhookDelivery(typeof value === "string" ? value : value.outcome);
      return [index, { status: "fulfilled", value: undefined }];
    }),
  );
}

/** One delivery, for a caller with a single job: throws where attemptDeliveries rejects. */
export async function attemptDelivery(job: DeliveryJob, queue: JobQueue<DeliveryJob>): Promise<void> {
  const [result] = await attemptDeliveries([job], queue);
  if (result.status === "rejected") throw result.reason;
}

/** An attempt's outcome once recorded, or the row of a plain one for its wave to log. */
type Delivered = WebhookDeliveryOutcome | { row: AttemptRow; outcome: WebhookDeliveryOutcome };

/** The attempt itself; answers its outcome for leadprop_webhook_deliveries_total, or the row of a
 * plain attempt, for its wave to log with the others that ended with it. */
async function deliver(
  db: Db,
  job: DeliveryJob,
  target: DeliveryTarget | undefined,
  queue: JobQueue<DeliveryJob>,
): Promise<Delivered> {
  // Disabled: retries stop; logged as skipped, so its owner can resend it (a resend still goes).
  if (target && !target.done && !target.endpoint.enabled && !job.manual) {
    const { accountId } = target.endpoint;
    const { endpointId, eventId, attempt } = job;
    await logSkipped(db, [{ accountId, endpointId, eventId, eventType: target.eventType, attempt }]);
    return "skipped";
  }
  // Gone (deleted, or the event expired), or done.
  if (!target || target.done) {
    if (job.manual) await freeResend(db, job);
    return "skipped";
  }
  const { endpoint } = target;

  const headers = signedWebhookHeaders({
    id: job.eventId,
    timestamp: new Date(),
    body: target.body,
    secrets: signingSecrets(endpoint),
  });
  const result = await postWebhook({ url: endpoint.url, headers, body: target.body, timeoutMs: timeoutMs() });
  const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
  // A URL the SSRF rules refuse will not become acceptable by waiting.
  const refused = result.error?.startsWith("refused") ?? false;
  const health = healthAfter(endpoint, result, succeeded);
  // No retry once the schedule is spent, or when this failure disabled the endpoint.
  const delay = succeeded || refused || job.manual || health.enabled === false ? null : retryDelayMs(job.attempt);
  const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
  const outcome = succeeded ? "delivered" : nextAttemptAt ? "failed_will_retry" : "failed_final";
  // A retried failure holds the endpoint's first attempts until its retry has had its answer; a
  // success releases what waited (endpoint-hold.ts).
  const held =
    nextAttemptAt && !job.manual ? extendedHold(endpoint.deliveriesHeldUntil, nextAttemptAt, timeoutMs()) : null;
  if (held) health.deliveriesHeldUntil = held;
  const release = succeeded && (endpoint.failingSince !== null || endpoint.deliveriesHeldUntil !== null);

  const attempt = {
    id: newId("webhookDelivery"),
    accountId: endpoint.accountId,
    endpointId: endpoint.id,
    eventId: job.eventId,
    eventType: target.eventType,
    attempt: job.attempt,
    manual: job.manual ?? false,
    succeeded,
    httpStatus: result.status,
    durationMs: result.durationMs,
    responseBody: result.responseBody,
    error: result.error,
    nextAttemptAt,
  };
  const healthChanges = Object.entries(health).some(([key, value]) => endpoint[key as keyof WebhookEndpoint] !== value);
  // No retry to schedule, no write to the endpoint's row (which every delivery to it would
  // otherwise queue on): only the log row.
  if (!nextAttemptAt && !healthChanges && !job.manual) return { row: attempt, outcome };
  await inTransaction(db, async (tx) => {
    const recorded = await tx
      .insert(webhookDeliveries)
      .values(attempt)
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (!recorded.length) return; // another run of this job recorded it first
    if (job.manual) await freeResend(tx, job);
    // Found by the workers' polling once it is due: a nudge now would find nothing to take.
    if (nextAttemptAt)
      await enqueue(
        tx,
        queue,
        { ...job, attempt: job.attempt + 1 },
        {
          startAfter: nextAttemptAt,
          // A retry means the endpoint failed: it takes the failing tier's one slot.
          ...deliveryGroup(job.endpointId, true),
        },
      );
    if (held) await holdQueuedDeliveries(tx, queue.name, endpoint.id, held);
    if (release) await releaseQueuedDeliveries(tx, queue.name, endpoint.id);
    if (healthChanges) await tx.update(webhookEndpoints).set(health).where(eq(webhookEndpoints.id, endpoint.id));
  });
  return outcome;
}

/**
 * The final row of a delivery whose runs threw (the database was away, a bug) until the queue gave
 * up: a failed attempt with no retry, so the log ends on the truth. Nothing was learnt about the
 * receiver; the reason shown is ours, the exception itself goes to the server log only.
 */
export async function recordGaveUp(job: DeliveryJob): Promise<void> {
  const db = await getDb();
  const [target] = await readTargets(db, [job]);
  if (!target || target.done) return;
  await recordAttempt(db).execute({
    id: newId("webhookDelivery"),
    accountId: target.endpoint.accountId,
    endpointId: job.endpointId,
    eventId: job.eventId,
    eventType: target.eventType,
    attempt: job.attempt,
    manual: job.manual ?? false,
    succeeded: false,
    httpStatus: null,
    durationMs: 0,
    responseBody: "",
    error: "We gave up: an error on our side stopped every try of this attempt. Resend it when ready.",
  });
  if (job.manual) await freeResend(db, job);
  countWebhookDelivery("failed_final");
}

/** A Resend's key (resend-delivery.ts) is freed once its attempt is logged or cannot be: the next
 * click is then a new request, for the next attempt. */
async function freeResend(db: DbOrTx, job: DeliveryJob): Promise<void> {
  await db
    .delete(webhookResends)
    .where(
      and(
        eq(webhookResends.endpointId, job.endpointId),
        eq(webhookResends.eventId, job.eventId),
        eq(webhookResends.attempt, job.attempt),
      ),
    );
}
