import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { getLeadSmsOrThrow } from "@/lib/sms/get-lead-sms-or-throw";
import { cancelScheduledSms } from "@/lib/sms/quiet-hours/cancel-scheduled-sms";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/leads/:id/sms/:smsId – one message to the lead, with its current status (where
  // POST /leads/:id/sms's Location points)
  GET: apiRoute(operations.getLeadSms, async ({ apiKey, params }) => ({
    body: { data: await getLeadSmsOrThrow(apiKey.accountId, params.id, params.smsId) },
  })),

  // DELETE /api/v1/leads/:id/sms/:smsId – cancel a scheduled message before it goes out (writes
  // sms_cancelled); 409 sms_not_scheduled once it was sent
  DELETE: apiRoute(operations.cancelLeadSms, async ({ apiKey, actor, params }) => ({
    body: { data: await cancelScheduledSms(apiKey.accountId, params.id, params.smsId, actor) },
  })),
});
