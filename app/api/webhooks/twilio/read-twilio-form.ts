import { ApiError } from "@/lib/errors/api-error";
import { readLimitedBody } from "@/lib/api/read-limited-body";

// Twilio's webhooks (inbound messages, delivery reports) post a few hundred bytes of form fields.
// They are unauthenticated until the signature is checked, which needs the whole body: so the
// body is capped while it streams, before anything else (issue 31, finding 4).
const MAX_TWILIO_BODY_BYTES = 64 * 1024;

/** The posted form, or 413 past 64 KB (declared or streamed), or 400 if the sender hung up. */
export async function readTwilioForm(req: Request): Promise<URLSearchParams> {
  const bytes = await readLimitedBody(
    req,
    MAX_TWILIO_BODY_BYTES,
    () => new ApiError("validation_error", "The body ended before it was complete."),
  );
  return new URLSearchParams(bytes.toString("utf8"));
}
