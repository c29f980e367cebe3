import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { createLeadJson } from "@/lib/leads/create-lead";
import { listLeadsJson } from "@/lib/leads/list-leads";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/leads – list live leads, newest first by default (serialized by PostgreSQL:
  // lib/leads/public-lead.ts)
  GET: apiRoute(operations.listLeads, async ({ apiKey, query }) => ({
    body: await listLeadsJson(apiKey.accountId, query),
  })),

  // POST /api/v1/leads – create a lead (writes lead_created; the lead comes serialized by PostgreSQL)
  POST: apiRoute(operations.createLead, async ({ apiKey, actor, body }) => {
    const lead = await createLeadJson(
      {
        accountId: apiKey.accountId,
        defaultCountry: apiKey.defaultCountry,
        hasRequiredLeadCustomFields: apiKey.hasRequiredLeadCustomFields,
        routingVersion: apiKey.routingVersion,
      },
      body,
      actor,
    );
    return { status: 201, body: lead.json.asData(), location: `/api/v1/leads/${lead.id}` };
  }),
});
