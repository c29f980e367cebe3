import { ApiError } from "@/lib/errors/api-error";
import { errorResponse } from "@/lib/api/respond";
import { newRequestId } from "@/lib/ids/new-request-id";
import { applyDeliveryStatus } from "@/lib/sms/apply-delivery-status";
import { isValidTwilioSignature } from "@/lib/sms/twilio-signature";
import { readTwilioForm } from "../read-twilio-form";
import { logger } from "@/lib/log/logger";

export const dynamic = "force-dynamic";

// POST /api/webhooks/twilio/status – Twilio's delivery reports. Unsigned or wrongly signed
// requests are refused before anything is read from or written to the database.
export async function POST(req: Request): Promise<Response> {
  const requestId = newRequestId();
  const authToken = process.env.TWILIO_AUTH_TOKEN;
  const callbackUrl = process.env.TWILIO_STATUS_CALLBACK_URL;
  if (!authToken || !callbackUrl)
    return errorResponse(new ApiError("not_found", "Twilio callbacks are not configured."), requestId);
  let params: URLSearchParams;
  try {
    params = await readTwilioForm(req);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, requestId);
    throw error;
  }
  if (!isValidTwilioSignature(authToken, callbackUrl, params, req.headers.get("x-twilio-signature"))) {
    logger.warn("twilio callback refused: bad signature", { requestId });
    return errorResponse(new ApiError("forbidden", "Invalid Twilio signature."), requestId);
  }
  const sid = params.get("MessageSid");
  const status = params.get("MessageStatus");
  if (sid && status) await applyDeliveryStatus(sid, status, params.get("ErrorCode"));
  return new Response(null, { status: 204, headers: { "X-Request-Id": requestId } });
}
