import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { createProperty } from "@/lib/properties/create-property";
import { listProperties } from "@/lib/properties/list-properties";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/properties – list properties
  GET: apiRoute(operations.listProperties, async ({ apiKey, query }) => ({
    body: await listProperties(apiKey.accountId, query),
  })),

  // POST /api/v1/properties – create a property
  POST: apiRoute(operations.createProperty, async ({ apiKey, actor, body }) => {
    const property = await createProperty({ accountId: apiKey.accountId, currency: apiKey.currency }, body, actor);
    return { status: 201, body: { data: property }, location: `/api/v1/properties/${property.id}` };
  }),
});
