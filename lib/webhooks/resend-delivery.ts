import { and, eq, max } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries, webhookResends } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { enqueue } from "@/lib/jobs/enqueue";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { deliveryGroup } from "./attempt-delivery";
import { inTransaction } from "@/lib/query/after-commit";

/** "Resend" in the delivery log: one more attempt of that event to that endpoint, now, outside
 * the retry schedule. The event is signed afresh, with the same `webhook-id`. */
export async function resendDelivery(accountId: string, deliveryId: string): Promise<void> {
  const db = await getDb();
  await inTransaction(db, async (tx) => {
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.accountId, accountId)))
      .limit(1);
    if (!delivery) throw notFound("Delivery");
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
  });
}
