import type { Actor } from "@/lib/activities/record-activity";
import { getDb } from "@/db/client";
import { WEBHOOK_TEST_EVENT } from "@/lib/domain/enums";
import { ApiError } from "@/lib/errors/api-error";
import { insertEvent } from "@/lib/events/record-event";
import { inTransaction } from "@/lib/query/after-commit";
import { enqueue } from "@/lib/jobs/enqueue";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { deliveryGroup } from "./delivery-job";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";

/** Settings → Webhooks → "Send test event": a `webhook.test` event to this endpoint only, delivered
 * (and retried) like any other. It is not a change, so GET /events does not list it. */
export async function sendTestEvent(accountId: string, endpointId: string, actor: Actor): Promise<string> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, accountId, endpointId);
    // Deliveries to a disabled endpoint are not sent: say so rather than queue one that never goes.
    if (!endpoint.enabled) throw new ApiError("conflict", "Enable the endpoint to send it a test event.");
    const object = { id: endpoint.id, message: "A test event from LeadProp. Answer 2xx to acknowledge it." };
    const eventId = await insertEvent(tx, accountId, actor, { type: WEBHOOK_TEST_EVENT, object });
    // Queued here, to this endpoint alone: the dispatcher passes test events over.
    await enqueue(
      tx,
      deliverWebhookQueue,
      { eventId, endpointId: endpoint.id, attempt: 1 },
      deliveryGroup(endpoint.id),
    );
    return eventId;
  });
}
