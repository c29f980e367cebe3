import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { createProperty } from "@/lib/properties/create-property";
import { listProperties } from "@/lib/properties/list-properties";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

// GET /api/v1/properties – list properties
export const GET = apiRoute(operations.listProperties, async ({ apiKey, query }) => ({
  body: await listProperties(apiKey.accountId, query),
}));

// POST /api/v1/properties – create a property
export const POST = apiRoute(operations.createProperty, async ({ apiKey, actor, body }) => {
  const property = await createProperty({ accountId: apiKey.accountId, currency: apiKey.currency }, body, actor);
  return { status: 201, body: { data: property }, location: `/api/v1/properties/${property.id}` };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
