import { ApiError } from "@/lib/errors/api-error";
import { errorResponse } from "@/lib/api/respond";
import { newRequestId } from "@/lib/ids/new-request-id";
import { receiveInboundSms } from "@/lib/sms/receive-inbound-sms";
import { isValidTwilioSignature } from "@/lib/sms/twilio-signature";
import { readTwilioForm } from "../read-twilio-form";
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
  let params: URLSearchParams;
  try {
    params = await readTwilioForm(req);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, requestId);
    throw error;
  }
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
