import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { getPublicUserOrThrow } from "@/lib/users/get-user-or-throw";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/users/:id – one member of the account
  GET: apiRoute(operations.getUser, async ({ apiKey, params }) => ({
    body: { data: await getPublicUserOrThrow(apiKey.accountId, params.id) },
  })),
});
