import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { events, webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { publicEventJsonOf } from "@/lib/events/public-event";
import { prepareOnce } from "@/lib/query/prepare-once";
import { DELIVERY_BATCH, type DeliveryJob } from "./delivery-job";

// What a batch of delivery jobs sends, read in one statement (attempt-delivery.ts): each job's
// endpoint and event as they are now, and whether its attempt is logged already.

const p = sql.placeholder;
const SLOTS = Array.from({ length: DELIVERY_BATCH }, (_, i) => i);

// Prepared once (lib/query/prepare-once.ts), with a slot per job of a batch: a smaller batch
// repeats its first job in the free slots, so one statement serves every size. `recorded` lists
// the attempts already logged, so each job knows whether its own is done.
const deliveryTargets = prepareOnce((db) =>
  db
    .select({
      endpoint: webhookEndpoints,
      eventId: events.id,
      eventType: events.type,
      body: publicEventJsonOf(events),
      recorded: sql<number[]>`coalesce((select array_agg(d.attempt) from ${webhookDeliveries} d
        where d.endpoint_id = ${webhookEndpoints.id} and d.event_id = ${events.id}), '{}')`,
    })
    .from(events)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.accountId, events.accountId))
    .where(
      and(
        // The lists let each side use its primary key; the pairs keep only the jobs' own.
        inArray(
          events.id,
          SLOTS.map((i) => p(`eventId${i}`)),
        ),
        inArray(
          webhookEndpoints.id,
          SLOTS.map((i) => p(`endpointId${i}`)),
        ),
        sql`(${events.id}, ${webhookEndpoints.id}) in (${sql.join(
          SLOTS.map((i) => sql`(${p(`eventId${i}`)}, ${p(`endpointId${i}`)})`),
          sql`, `,
        )})`,
      ),
    )
    .prepare("webhook_delivery_targets"),
);

export type DeliveryTarget = {
  endpoint: WebhookEndpoint;
  eventType: string;
  body: string;
  done: boolean;
};

/** Each job's endpoint and event as they are now, in one statement; undefined where either is
 * gone (deleted, or the event expired). */
export async function readTargets(db: DbOrTx, jobs: DeliveryJob[]): Promise<(DeliveryTarget | undefined)[]> {
  const values: Record<string, string> = {};
  for (const i of SLOTS) {
    const job = jobs[i] ?? jobs[0];
    values[`eventId${i}`] = job.eventId;
    values[`endpointId${i}`] = job.endpointId;
  }
  const rows = await deliveryTargets(db as Db).execute(values);
  const byPair = new Map(rows.map((row) => [`${row.eventId} ${row.endpoint.id}`, row]));
  return jobs.map((job) => {
    const row = byPair.get(`${job.eventId} ${job.endpointId}`);
    return row && { ...row, done: row.recorded.map(Number).includes(job.attempt) };
  });
}
