import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { missingPermission } from "@/lib/keys/permissions";
import { deleteLead } from "@/lib/leads/delete-lead";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { getLeadWithActivitiesJson } from "@/lib/leads/get-lead-with-activities";
import { updateLead } from "@/lib/leads/update-lead";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

// GET /api/v1/leads/:id – a lead with its 50 most recent activities (serialized by PostgreSQL);
// the lead alone for a key that may not read activities (issue 31, finding 8)
export const GET = apiRoute(operations.getLead, async ({ apiKey, params }) => {
  if (missingPermission(apiKey.permissions, { activities: "read" })) {
    const lead = await getPublicLeadOrThrow(apiKey.accountId, params.id);
    return { body: { data: lead }, version: lead.version };
  }
  const { json, version } = await getLeadWithActivitiesJson(apiKey.accountId, params.id);
  return { body: json.asData(), version };
});

// PATCH /api/v1/leads/:id – change any subset of fields (writes one activity)
export const PATCH = apiRoute(operations.updateLead, async ({ apiKey, actor, params, body, ifMatch }) => {
  const account = { accountId: apiKey.accountId, defaultCountry: apiKey.defaultCountry };
  const lead = await updateLead(account, params.id, body, actor, ifMatch);
  return { body: { data: lead }, version: lead.version };
});

// DELETE /api/v1/leads/:id – soft delete (writes lead_deleted)
export const DELETE = apiRoute(operations.deleteLead, async ({ apiKey, actor, params, ifMatch }) => ({
  body: { data: await deleteLead(apiKey.accountId, params.id, actor, ifMatch) },
}));

export const { POST, PUT, OPTIONS } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
