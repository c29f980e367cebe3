import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend – that event once more, now
  POST: apiRoute(operations.resendWebhookDelivery, async ({ apiKey, params }) => {
    const { attempt } = await resendDelivery(apiKey.accountId, params.deliveryId, {
      endpointId: params.id,
      refuseDisabled: true,
    });
    return { status: 202, body: { data: { attempt } } };
  }),
});
