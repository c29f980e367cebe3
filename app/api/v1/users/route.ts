import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { listUsers } from "@/lib/users/list-users";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/users – list the account's members
  GET: apiRoute(operations.listUsers, async ({ apiKey, query }) => ({
    body: await listUsers(apiKey.accountId, query),
  })),
});
