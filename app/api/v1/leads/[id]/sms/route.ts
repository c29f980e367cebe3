import { apiRoute } from "@/lib/api/handler";
import { apiKeyAuditActor } from "@/lib/audit/audit-actors";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { listLeadSms } from "@/lib/sms/list-lead-sms";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/leads/:id/sms – the lead's conversation, both directions, by cursor
  GET: apiRoute(operations.listLeadSms, async ({ apiKey, params, query }) => ({
    body: await listLeadSms(apiKey.accountId, params.id, query),
  })),

  // POST /api/v1/leads/:id/sms – send an SMS to the lead (201, sms_sent or sms_failed), or schedule it
  // for the end of the lead's quiet hours or an explicit sendAt (202, sms_scheduled)
  POST: apiRoute(operations.sendSmsToLead, async ({ apiKey, actor, origin, params, body }) => {
    const sms = await sendSmsToLead(apiKey.accountId, params.id, body.message, actor, {
      sendAt: body.sendAt ? new Date(body.sendAt) : undefined,
      ignoreQuietHours: body.ignoreQuietHours,
      auditActor: apiKeyAuditActor({ id: apiKey.id, name: apiKey.name }, origin),
    });
    const status = sms.status === "scheduled" ? 202 : 201;
    return { status, body: { data: sms }, location: `/api/v1/leads/${params.id}/sms/${sms.id}` };
  }),
});
