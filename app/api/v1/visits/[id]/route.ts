import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { visitIdParams, visitUpdateSchema } from "@/lib/schemas/visits";
import { getVisitOrThrow } from "@/lib/visits/get-visit-or-throw";
import { updateVisit } from "@/lib/visits/update-visit";

export const dynamic = "force-dynamic";

// GET /api/v1/visits/:id – one visit (where POST /visits's Location points)
export const GET = apiRoute(
  { route: "GET /visits/:id", permission: { visits: "read" }, params: visitIdParams },
  async ({ apiKey, params }) => {
    const visit = await getVisitOrThrow(apiKey.accountId, params.id);
    return { body: { data: visit }, version: visit.version };
  },
);

// PATCH /api/v1/visits/:id – reschedule, edit, cancel or record the outcome (the web app's services)
export const PATCH = apiRoute(
  { route: "PATCH /visits/:id", permission: { visits: "write" }, params: visitIdParams, body: visitUpdateSchema },
  async ({ apiKey, actor, params, body, ifMatch }) => {
    const visit = await updateVisit(apiKey.accountId, params.id, body, actor, ifMatch);
    return { body: { data: visit }, version: visit.version };
  },
);

export const { POST, PUT, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PATCH"]);
