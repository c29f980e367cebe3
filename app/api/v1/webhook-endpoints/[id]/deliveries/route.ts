import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { toPublicWebhookDelivery } from "@/lib/webhooks/public-webhook-delivery";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/webhook-endpoints/:id/deliveries – the endpoint's delivery log, newest first, by cursor
  GET: apiRoute(operations.listWebhookDeliveries, async ({ apiKey, params, query }) => {
    const page = await listDeliveries(apiKey.accountId, params.id, query);
    return { body: { ...page, data: page.data.map(toPublicWebhookDelivery) } };
  }),
});
