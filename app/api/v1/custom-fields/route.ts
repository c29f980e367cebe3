import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import {
  listCustomFieldDefinitions,
  toPublicCustomFieldDefinition,
} from "@/lib/custom-fields/custom-field-definitions";
import { wholeListPage } from "@/lib/pagination/whole-list-page";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/custom-fields – list the account's custom field definitions
  GET: apiRoute(operations.listCustomFields, async ({ apiKey, query }) => ({
    body: wholeListPage(
      (await listCustomFieldDefinitions(apiKey.accountId, query.resource)).map(toPublicCustomFieldDefinition),
    ),
  })),
});
