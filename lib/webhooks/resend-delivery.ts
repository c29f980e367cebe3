import { and, eq, max } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries, webhookResends } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { enqueue } from "@/lib/jobs/enqueue";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { deliveryGroup } from "./delivery-job";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";
import { inTransaction } from "@/lib/query/after-commit";

export interface ResendOptions {
  /** The endpoint the caller named (the API's path): a delivery of another is not found. */
  endpointId?: string;
  /** Refuse a disabled endpoint (409), as Replay does, rather than log the attempt as skipped. */
  refuseDisabled?: boolean;
}

/** "Resend" in the delivery log: one more attempt of that event to that endpoint, now, outside
 * the retry schedule. The event is signed afresh, with the same `webhook-id`. Answers the attempt
 * number the resend is logged under; resends of one event at once share it. */
export async function resendDelivery(
  accountId: string,
  deliveryId: string,
  options: ResendOptions = {},
): Promise<{ attempt: number }> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.accountId, accountId)))
      .limit(1);
    if (!delivery || (options.endpointId !== undefined && delivery.endpointId !== options.endpointId))
      throw notFound("Delivery");
    if (options.refuseDisabled) {
      const endpoint = await getWebhookEndpointOrThrow(tx, accountId, delivery.endpointId);
      if (!endpoint.enabled)
        throw new ApiError("webhook_endpoint_disabled", "Enable the endpoint to resend events to it.");
    }
    const [{ last }] = await tx
      .select({ last: max(webhookDeliveries.attempt) })
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.endpointId, delivery.endpointId), eq(webhookDeliveries.eventId, delivery.eventId)),
      );
    const job = { eventId: delivery.eventId, endpointId: delivery.endpointId, attempt: (last ?? 0) + 1, manual: true };
    // One resend per attempt number: two clicks at once compute the same one, and the second
    // insert waits on the first's key, then finds it taken and queues nothing (the queue's
    // standard policy ignores a singletonKey). The worker frees the key when it logs the attempt.
    const [claimed] = await tx
      .insert(webhookResends)
      .values({ endpointId: job.endpointId, eventId: job.eventId, attempt: job.attempt })
      .onConflictDoNothing()
      .returning({ attempt: webhookResends.attempt });
    if (claimed) await enqueue(tx, deliverWebhookQueue, job, deliveryGroup(job.endpointId));
    return { attempt: job.attempt };
  });
}
