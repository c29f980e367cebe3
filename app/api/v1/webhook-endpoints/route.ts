import { eventsToSubscribe } from "@/lib/api/event-type-access";
import { apiRoute } from "@/lib/api/handler";
import { apiKeyAuditActor } from "@/lib/audit/audit-actors";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/webhook-endpoints – list the account's endpoints
  GET: apiRoute(operations.listWebhookEndpoints, async ({ apiKey, query }) => ({
    body: await listWebhookEndpoints(apiKey.accountId, query),
  })),

  // POST /api/v1/webhook-endpoints – subscribe a URL to types the key can read (answers its secret, once)
  POST: apiRoute(operations.createWebhookEndpoint, async ({ apiKey, body, origin }) => {
    const events = eventsToSubscribe(apiKey.permissions, body.events);
    const endpoint = await createWebhookEndpoint(
      apiKey.accountId,
      { ...body, events },
      apiKeyAuditActor(apiKey, origin),
    );
    return { status: 201, body: { data: endpoint }, location: `/api/v1/webhook-endpoints/${endpoint.id}` };
  }),
});
