import { eventsKeptOnMove, eventsToSubscribe } from "@/lib/api/event-type-access";
import { apiRoute } from "@/lib/api/handler";
import { apiKeyAuditActor } from "@/lib/audit/audit-actors";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { getPublicWebhookEndpointOrThrow } from "@/lib/webhooks/get-webhook-endpoint-or-throw";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/webhook-endpoints/:id – one endpoint (never its secret)
  GET: apiRoute(operations.getWebhookEndpoint, async ({ apiKey, params }) => ({
    body: { data: await getPublicWebhookEndpointOrThrow(apiKey.accountId, params.id) },
  })),

  // PATCH /api/v1/webhook-endpoints/:id – change its URL, events (of types the key can read),
  // description, or enable/disable it
  PATCH: apiRoute(operations.updateWebhookEndpoint, async ({ apiKey, params, body, origin }) => {
    // Only types the key can read, whether it names them or moves an endpoint that receives them.
    const events = body.events
      ? eventsToSubscribe(apiKey.permissions, body.events)
      : body.url !== undefined
        ? await eventsKeptOnMove(apiKey.permissions, apiKey.accountId, params.id)
        : undefined;
    const change = events ? { ...body, events } : body;
    return {
      body: {
        data: await updateWebhookEndpoint(apiKey.accountId, params.id, change, apiKeyAuditActor(apiKey, origin)),
      },
    };
  }),

  // DELETE /api/v1/webhook-endpoints/:id – unsubscribe, for good
  DELETE: apiRoute(operations.deleteWebhookEndpoint, async ({ apiKey, params, origin }) => ({
    body: { data: await deleteWebhookEndpoint(apiKey.accountId, params.id, apiKeyAuditActor(apiKey, origin)) },
  })),
});
