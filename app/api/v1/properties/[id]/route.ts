import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { deleteProperty } from "@/lib/properties/delete-property";
import { getPublicPropertyOrThrow } from "@/lib/properties/get-property-or-throw";
import { updateProperty } from "@/lib/properties/update-property";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/properties/:id – one property
  GET: apiRoute(operations.getProperty, async ({ apiKey, params }) => {
    const property = await getPublicPropertyOrThrow(apiKey.accountId, params.id);
    return { body: { data: property }, version: property.version };
  }),

  // PATCH /api/v1/properties/:id – change any subset of fields
  PATCH: apiRoute(operations.updateProperty, async ({ apiKey, actor, params, body, ifMatch }) => {
    const property = await updateProperty(apiKey.accountId, params.id, body, actor, ifMatch);
    return { body: { data: property }, version: property.version };
  }),

  // DELETE /api/v1/properties/:id – remove it; its visits and leads keep their rows with propertyId null
  DELETE: apiRoute(operations.deleteProperty, async ({ apiKey, actor, params, ifMatch }) => ({
    body: { data: await deleteProperty(apiKey.accountId, params.id, actor, ifMatch) },
  })),
});
