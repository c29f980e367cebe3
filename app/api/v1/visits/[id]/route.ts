import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { getVisitOrThrow } from "@/lib/visits/get-visit-or-throw";
import { updateVisit } from "@/lib/visits/update-visit";
import { apiKeyOverrideCaller } from "@/lib/visits/visit-conflicts";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/visits/:id – one visit (where POST /visits's Location points)
  GET: apiRoute(operations.getVisit, async ({ apiKey, params }) => {
    const visit = await getVisitOrThrow(apiKey.accountId, params.id);
    return { body: { data: visit }, version: visit.version };
  }),

  // PATCH /api/v1/visits/:id – reschedule, edit, cancel or record the outcome (the web app's services)
  PATCH: apiRoute(operations.updateVisit, async ({ apiKey, actor, origin, params, body, ifMatch }) => {
    const caller = apiKeyOverrideCaller(apiKey, origin);
    const visit = await updateVisit(apiKey.accountId, params.id, body, actor, ifMatch, caller);
    return { body: { data: visit }, version: visit.version };
  }),
});
