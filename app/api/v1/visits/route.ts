import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { createVisit } from "@/lib/visits/create-visit";
import { listVisits } from "@/lib/visits/list-visits";
import { apiKeyOverrideCaller } from "@/lib/visits/visit-conflicts";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/visits – list visits
  GET: apiRoute(operations.listVisits, async ({ apiKey, query }) => ({
    body: await listVisits(apiKey.accountId, query),
  })),

  // POST /api/v1/visits – schedule a visit (writes visit_scheduled on the lead)
  POST: apiRoute(operations.createVisit, async ({ apiKey, actor, origin, body }) => {
    const visit = await createVisit(apiKey.accountId, body, actor, apiKeyOverrideCaller(apiKey, origin));
    return { status: 201, body: { data: visit }, location: `/api/v1/visits/${visit.id}` };
  }),
});
