import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { visitIdParams } from "@/lib/schemas/visits";
import { getVisitOrThrow } from "@/lib/visits/get-visit-or-throw";

export const dynamic = "force-dynamic";

// GET /api/v1/visits/:id – one visit (where POST /visits's Location points)
export const GET = apiRoute(
  { route: "GET /visits/:id", permission: { visits: "read" }, params: visitIdParams },
  async ({ apiKey, params }) => ({
    body: { data: await getVisitOrThrow(apiKey.accountId, params.id) },
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
