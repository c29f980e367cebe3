import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { leadIdParams } from "@/lib/schemas/leads";
import { smsCreateSchema } from "@/lib/schemas/sms";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";

export const dynamic = "force-dynamic";

// POST /api/v1/leads/:id/sms – send an SMS to the lead (writes sms_sent or sms_failed)
export const POST = apiRoute(
  { route: "POST /leads/:id/sms", permission: { sms: "write" }, params: leadIdParams, body: smsCreateSchema },
  async ({ apiKey, actor, params, body }) => {
    const sms = await sendSmsToLead(apiKey.accountId, params.id, body.message, actor);
    return { status: 201, body: { data: sms }, location: `/api/v1/leads/${params.id}/sms/${sms.id}` };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
