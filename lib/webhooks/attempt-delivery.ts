import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookResends, type WebhookEndpoint } from "@/db/schema";
import type { Db, DbOrTx } from "@/db/client";
import { newId } from "@/lib/ids/new-id";
import { enqueue } from "@/lib/jobs/enqueue";
import type { JobQueue } from "@/lib/jobs/define-queue";
import { inTransaction } from "@/lib/query/after-commit";
import { prepareOnce } from "@/lib/query/prepare-once";
import { countWebhookDelivery, type WebhookDeliveryOutcome } from "@/lib/observability/webhook-delivery-metrics";
import { readTargets, type DeliveryTarget } from "./delivery-targets";
import { DELIVERY_BATCH, deliveryGroup, type DeliveryJob } from "./delivery-job";
import { signingSecrets } from "./endpoint-secrets";
import { logSkipped } from "./log-skipped";
import { postWebhook, type WebhookAttempt } from "./post-webhook";
import { retryDelayMs } from "./retry-schedule";
import { signedWebhookHeaders } from "./sign-webhook";

// No success for this long disables the endpoint (Svix and Stripe do the same).
const FAILING_DISABLES_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 10_000;

const timeoutMs = () => Number(process.env.WEBHOOK_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;

const p = sql.placeholder;

const ATTEMPT_COLUMNS = [
  "id",
  "accountId",
  "endpointId",
  "eventId",
  "eventType",
  "attempt",
  "manual",
  "succeeded",
  "httpStatus",
  "durationMs",
  "responseBody",
  "error",
] as const;
const recordAttempt = prepareOnce((db) =>
  db
    .insert(webhookDeliveries)
    // For an attempt with no retry to schedule: a null time bound to a placeholder would go
    // through the timestamp column's encoder, which does not take null.
    .values({
      ...Object.fromEntries(ATTEMPT_COLUMNS.map((column) => [column, p(column)])),
      nextAttemptAt: sql`null`,
    } as never)
    .onConflictDoNothing()
    .prepare("webhook_delivery_record"),
);

/**
 * Sends each event, then records each attempt, schedules its retry and updates its endpoint's
 * health. At least once: a worker that dies after sending and before recording sends again, with
 * the same `webhook-id` (the event id), which receivers deduplicate on. An attempt already recorded
 * (another worker ran this job too) is not sent again. At most DELIVERY_BATCH jobs; one result per
 * job, in order: a job whose recording failed (the database was away) is rejected.
 */
export async function attemptDeliveries(
  jobs: DeliveryJob[],
  queue: JobQueue<DeliveryJob>,
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
  // The common case, a success of a healthy endpoint, is only a row in the log: those of the whole
  // batch go in one statement once every request is answered.
  const plain = new Map<number, AttemptRow>();
  const settled = await Promise.allSettled(
    jobs.map(async (job, i) => {
      const done = await deliver(db, job, targets[i], queue);
      if (typeof done === "string") return done;
      plain.set(i, done.row);
      return done.outcome;
    }),
  );
  const logged = new Map<number, PromiseSettledResult<unknown>>();
  const results = await logAttempts(db, [...plain.values()]);
  [...plain.keys()].forEach((i, n) => logged.set(i, results[n]));
  return settled.map((result, i): PromiseSettledResult<void> => {
    const logging = logged.get(i);
    const failed = result.status === "rejected" ? result : logging?.status === "rejected" ? logging : null;
    if (failed) {
      countWebhookDelivery("error");
      return { status: "rejected", reason: failed.reason };
    }
    countWebhookDelivery((result as PromiseFulfilledResult<WebhookDeliveryOutcome>).value);
    return { status: "fulfilled", value: undefined };
  });
}

/** Plain attempts in one statement. If it fails, each goes alone, so only a row the database
 * refuses fails its job (and gets it sent again), not the batch's others. */
async function logAttempts(db: Db, rows: AttemptRow[]): Promise<PromiseSettledResult<unknown>[]> {
  if (rows.length > 1) {
    try {
      await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
      return rows.map(() => ({ status: "fulfilled", value: null }));
    } catch {
      // Told row by row below; a database that is away fails each of them again.
    }
  }
  // One row: the prepared statement, one round trip.
  return Promise.allSettled(rows.map((row) => recordAttempt(db).execute(row)));
}

/** One delivery, for a caller with a single job: throws where attemptDeliveries rejects. */
export async function attemptDelivery(job: DeliveryJob, queue: JobQueue<DeliveryJob>): Promise<void> {
  const [result] = await attemptDeliveries([job], queue);
  if (result.status === "rejected") throw result.reason;
}

type AttemptRow = typeof webhookDeliveries.$inferInsert;

/** The attempt itself; answers its outcome for leadprop_webhook_deliveries_total, or the row of a
 * plain success, for the caller to log with the batch's others. */
async function deliver(
  db: Db,
  job: DeliveryJob,
  target: DeliveryTarget | undefined,
  queue: JobQueue<DeliveryJob>,
): Promise<WebhookDeliveryOutcome | { row: AttemptRow; outcome: WebhookDeliveryOutcome }> {
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
          ...deliveryGroup(job.endpointId),
        },
      );
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

/** The endpoint's failing streak after this attempt, and whether it is disabled by it. */
function healthAfter(endpoint: WebhookEndpoint, result: WebhookAttempt, succeeded: boolean): Partial<WebhookEndpoint> {
  if (succeeded) return { failingSince: null };
  const now = new Date();
  const failingSince = endpoint.failingSince ?? now;
  if (result.status === 410) {
    return { failingSince, enabled: false, disabledReason: "The endpoint answered 410 Gone." };
  }
  if (now.getTime() - failingSince.getTime() >= FAILING_DISABLES_AFTER_MS) {
    return { failingSince, enabled: false, disabledReason: "No delivery succeeded for 5 days." };
  }
  return { failingSince };
}
