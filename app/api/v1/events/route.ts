import { feedTypesFor } from "@/lib/api/event-type-access";
import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { listEvents } from "@/lib/events/list-events";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/events – the change feed (read-only), of the types the key can read
  GET: apiRoute(operations.listEvents, async ({ apiKey, query }) => ({
    body: await listEvents(apiKey.accountId, query, feedTypesFor(apiKey.permissions, query.type)),
  })),
});
