import { apiRoute } from "@/lib/api/handler";
import { apiKeyActor } from "@/lib/api/api-key-actor";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { createLead } from "@/lib/leads/create-lead";
import { listLeadsJson } from "@/lib/leads/list-leads";
import { leadCreateSchema, leadListQuery } from "@/lib/schemas/leads";

export const dynamic = "force-dynamic";

// GET /api/v1/leads – list live leads, newest first by default (serialized by PostgreSQL:
// lib/leads/public-lead-json.ts)
export const GET = apiRoute({ route: "GET /leads", query: leadListQuery }, async ({ apiKey, query }) => ({
  json: await listLeadsJson(apiKey.accountId, query),
}));

// POST /api/v1/leads – create a lead (writes lead_created)
export const POST = apiRoute({ route: "POST /leads", body: leadCreateSchema }, async ({ apiKey, body }) => {
  const lead = await createLead({ accountId: apiKey.accountId, defaultCountry: apiKey.defaultCountry }, body, apiKeyActor(apiKey));
  return { status: 201, body: { data: lead }, location: `/api/v1/leads/${lead.id}` };
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
