import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { leadSmsParams } from "@/lib/schemas/sms";
import { getLeadSmsOrThrow } from "@/lib/sms/get-lead-sms-or-throw";

export const dynamic = "force-dynamic";

// GET /api/v1/leads/:id/sms/:smsId – one message to the lead, with its current status (where
// POST /leads/:id/sms's Location points)
export const GET = apiRoute(
  { route: "GET /leads/:id/sms/:smsId", permission: { sms: "read" }, params: leadSmsParams },
  async ({ apiKey, params }) => ({
    body: { data: await getLeadSmsOrThrow(apiKey.accountId, params.id, params.smsId) },
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
