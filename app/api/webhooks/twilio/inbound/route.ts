import { ApiError } from "@/lib/errors/api-error";
import { errorResponse } from "@/lib/api/respond";
import { newRequestId } from "@/lib/api/request-id";
import { receiveInboundSms } from "@/lib/sms/receive-inbound-sms";
import { isValidTwilioSignature } from "@/lib/sms/twilio-signature";
import { logger } from "@/lib/log/logger";

export const dynamic = "force-dynamic";

// An empty TwiML answer: Twilio sends no auto-reply of ours (it answers STOP/HELP itself).
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

// POST /api/webhooks/twilio/inbound – a lead's SMS to one of our numbers (Twilio's incoming
// message webhook). Signed like the status callback, against TWILIO_INBOUND_URL; unsigned or
// wrongly signed requests are refused before anything is read from or written to the database.
// Which account it belongs to: lib/sms/route-inbound-sms.ts.
export async function POST(req: Request): Promise<Response> {
  const requestId = newRequestId();
  const authToken = process.env.TWILIO_AUTH_TOKEN;
  const inboundUrl = process.env.TWILIO_INBOUND_URL;
  if (!authToken || !inboundUrl)
    return errorResponse(new ApiError("not_found", "Twilio inbound messages are not configured."), requestId);
  const text = await req.text();
  if (text.length > 64 * 1024)
    return errorResponse(new ApiError("payload_too_large", "The body is too large."), requestId);
  const params = new URLSearchParams(text);
  if (!isValidTwilioSignature(authToken, inboundUrl, params, req.headers.get("x-twilio-signature"))) {
    logger.warn("twilio inbound refused: bad signature", { requestId });
    return errorResponse(new ApiError("forbidden", "Invalid Twilio signature."), requestId);
  }
  const to = params.get("To");
  const from = params.get("From");
  if (to && from) {
    try {
      await receiveInboundSms({
        to,
        from,
        body: params.get("Body") ?? "",
        providerMessageId: params.get("MessageSid"),
        provider: "twilio",
      });
    } catch (error) {
      // A sender that is no phone number (a short code, an alphanumeric id): nothing to store, and
      // nothing to fix by sending it again. Anything else answers 500, which Twilio's debugger shows.
      if (!(error instanceof ApiError && error.code === "validation_error")) throw error;
      logger.warn("twilio inbound ignored: sender is not a phone number", { requestId });
    }
  }
  return new Response(EMPTY_TWIML, {
    status: 200,
    headers: { "Content-Type": "text/xml; charset=utf-8", "X-Request-Id": requestId },
  });
}
