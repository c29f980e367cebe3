import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { visitCreateSchema, visitListQuery } from "@/lib/schemas/visits";
import { createVisit } from "@/lib/visits/create-visit";
import { listVisits } from "@/lib/visits/list-visits";

export const dynamic = "force-dynamic";

// GET /api/v1/visits – list visits
export const GET = apiRoute(
  { route: "GET /visits", permission: { visits: "read" }, query: visitListQuery },
  async ({ apiKey, query }) => ({
    body: await listVisits(apiKey.accountId, query),
  }),
);

// POST /api/v1/visits – schedule a visit (writes visit_scheduled on the lead)
export const POST = apiRoute(
  { route: "POST /visits", permission: { visits: "write" }, body: visitCreateSchema },
  async ({ apiKey, actor, body }) => {
    const visit = await createVisit(apiKey.accountId, body, actor);
    return { status: 201, body: { data: visit }, location: `/api/v1/visits/${visit.id}` };
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
