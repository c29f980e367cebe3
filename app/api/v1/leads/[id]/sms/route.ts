import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { leadIdParams } from "@/lib/schemas/leads";
import { leadSmsListQuery, smsCreateSchema } from "@/lib/schemas/sms";
import { listLeadSms } from "@/lib/sms/list-lead-sms";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";

export const dynamic = "force-dynamic";

// GET /api/v1/leads/:id/sms – the lead's conversation, both directions, by cursor
export const GET = apiRoute(
  { route: "GET /leads/:id/sms", permission: { sms: "read" }, params: leadIdParams, query: leadSmsListQuery },
  async ({ apiKey, params, query }) => ({ body: await listLeadSms(apiKey.accountId, params.id, query) }),
);

// POST /api/v1/leads/:id/sms – send an SMS to the lead (writes sms_sent or sms_failed)
export const POST = apiRoute(
  { route: "POST /leads/:id/sms", permission: { sms: "write" }, params: leadIdParams, body: smsCreateSchema },
  async ({ apiKey, actor, params, body }) => {
    const sms = await sendSmsToLead(apiKey.accountId, params.id, body.message, actor);
    return { status: 201, body: { data: sms }, location: `/api/v1/leads/${params.id}/sms/${sms.id}` };
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
