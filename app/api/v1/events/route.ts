import { feedTypesFor } from "@/lib/api/event-type-access";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { listEvents } from "@/lib/events/list-events";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

// GET /api/v1/events – the change feed (read-only), of the types the key can read
export const GET = apiRoute(operations.listEvents, async ({ apiKey, query }) => ({
  body: await listEvents(apiKey.accountId, query, feedTypesFor(apiKey.permissions, query.type)),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
