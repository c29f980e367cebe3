import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { listActivities } from "@/lib/activities/list-activities";
import { activityListQuery } from "@/lib/schemas/activities";

export const dynamic = "force-dynamic";

// GET /api/v1/activities – the activity feed (read-only)
export const GET = apiRoute(
  { route: "GET /activities", permission: { activities: "read" }, query: activityListQuery },
  async ({ apiKey, query }) => ({
    body: await listActivities(apiKey.accountId, query),
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
