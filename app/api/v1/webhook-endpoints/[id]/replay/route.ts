import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { replayEndpointSince } from "@/lib/webhooks/replay-since";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/v1/webhook-endpoints/:id/replay – its events since a time, from the feed, sent again
  // (Svix's recover): after an outage of the receiver, or once a disabled endpoint is enabled again
  POST: apiRoute(operations.replayWebhookEndpoint, async ({ apiKey, params, body }) => {
    const { queued, until } = await replayEndpointSince(apiKey.accountId, params.id, body.since);
    return { status: 202, body: { data: { queued, until: until?.toISOString() ?? null } } };
  }),
});
