import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { previewRoute } from "@/lib/routing/preview-route";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/v1/leads/route-preview – the rule and agent lead routing would give this lead now;
  // creates nothing, takes no round-robin turn
  POST: apiRoute(operations.previewLeadRoute, async ({ apiKey, body }) => ({
    body: { data: await previewRoute({ accountId: apiKey.accountId, defaultCountry: apiKey.defaultCountry }, body) },
  })),
});
