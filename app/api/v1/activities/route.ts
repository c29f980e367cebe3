import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { listActivities } from "@/lib/activities/list-activities";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/activities – the activity feed (read-only)
  GET: apiRoute(operations.listActivities, async ({ apiKey, query }) => ({
    body: await listActivities(apiKey.accountId, query),
  })),
});
