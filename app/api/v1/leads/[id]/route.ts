import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { missingPermission } from "@/lib/keys/permissions";
import { deleteLead } from "@/lib/leads/delete-lead";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { getLeadWithActivitiesJson } from "@/lib/leads/get-lead-with-activities";
import { updateLead } from "@/lib/leads/update-lead";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/leads/:id – a lead with its 50 most recent activities (serialized by PostgreSQL);
  // the lead alone for a key that may not read activities (issue 31, finding 8)
  GET: apiRoute(operations.getLead, async ({ apiKey, params }) => {
    if (missingPermission(apiKey.permissions, { activities: "read" })) {
      const lead = await getPublicLeadOrThrow(apiKey.accountId, params.id);
      return { body: { data: lead }, version: lead.version };
    }
    const { json, version } = await getLeadWithActivitiesJson(apiKey.accountId, params.id);
    return { body: json.asData(), version };
  }),

  // PATCH /api/v1/leads/:id – change any subset of fields (writes one activity)
  PATCH: apiRoute(operations.updateLead, async ({ apiKey, actor, params, body, ifMatch }) => {
    const account = { accountId: apiKey.accountId, defaultCountry: apiKey.defaultCountry };
    const lead = await updateLead(account, params.id, body, actor, ifMatch);
    return { body: { data: lead }, version: lead.version };
  }),

  // DELETE /api/v1/leads/:id – soft delete (writes lead_deleted)
  DELETE: apiRoute(operations.deleteLead, async ({ apiKey, actor, params, ifMatch }) => ({
    body: { data: await deleteLead(apiKey.accountId, params.id, actor, ifMatch) },
  })),
});
