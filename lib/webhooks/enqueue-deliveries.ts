import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { accounts, webhookEndpoints } from "@/db/schema";
import { API_PLAN } from "@/lib/accounts/plan-labels";
import type { AnyEventType } from "@/lib/domain/enums";
import { enqueueMany, nudgeWorkers } from "@/lib/jobs/enqueue";
import { deliverWebhookQueue, type DeliverWebhookJob } from "@/lib/jobs/workers/deliver-webhook";
import { ALL_EVENTS } from "@/lib/schemas/webhook-endpoints";
import { afterCommit } from "@/lib/query/after-commit";
import { prepareOnce } from "@/lib/query/prepare-once";

const p = sql.placeholder;

/** The account's enabled endpoints that take this type of event. Webhooks are part of the public
 * platform, on the Agency plan like the API: an account that left it sends nothing. */
const subscribedQuery = (db: DbOrTx) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(accounts, eq(accounts.id, webhookEndpoints.accountId))
    .where(
      and(
        eq(webhookEndpoints.accountId, p("accountId")),
        eq(accounts.plan, API_PLAN),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} && array[${ALL_EVENTS}, ${p("type")}]::text[]`,
      ),
    );

// POST /leads asks on the pool for every lead, endpoints or not: prepared once (prepare-once.ts).
const subscribedOnPool = prepareOnce((db) => subscribedQuery(db).prepare("webhook_subscribed_endpoints"));

/** The subscribed endpoints' ids, inside a change's transaction. */
export async function subscribedEndpointIds(tx: DbOrTx, accountId: string, type: AnyEventType): Promise<string[]> {
  return (await subscribedQuery(tx).execute({ accountId, type })).map((row) => row.id);
}

/** The same on the pool, with the statement prepared once. */
export async function subscribedEndpointIdsOnPool(db: Db, accountId: string, type: AnyEventType): Promise<string[]> {
  return (await subscribedOnPool(db).execute({ accountId, type })).map((row) => row.id);
}

/** One delivery job per endpoint, in the transaction of the event: sent if and only if it commits.
 * Once it has, this process's worker is woken so delivery does not wait for its next poll. */
export async function enqueueDeliveries(tx: DbOrTx, eventId: string, endpointIds: string[]): Promise<void> {
  if (!endpointIds.length) return;
  const jobs = endpointIds.map((endpointId) => ({
    data: { eventId, endpointId, attempt: 1 } satisfies DeliverWebhookJob,
  }));
  await enqueueMany(tx, deliverWebhookQueue, jobs);
  afterCommit(tx, () => nudgeWorkers(deliverWebhookQueue));
}
