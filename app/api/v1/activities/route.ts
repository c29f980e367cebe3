import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { listActivities } from "@/lib/activities/list-activities";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

// GET /api/v1/activities – the activity feed (read-only)
export const GET = apiRoute(operations.listActivities, async ({ apiKey, query }) => ({
  body: await listActivities(apiKey.accountId, query),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
