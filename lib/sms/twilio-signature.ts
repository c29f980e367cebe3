import { createHmac, timingSafeEqual } from "node:crypto";

// Twilio signs each webhook: base64(HMAC-SHA1(authToken, url + every POST parameter's name and
// value, sorted by name)), sent as X-Twilio-Signature. The URL is the one Twilio was given
// (TWILIO_STATUS_CALLBACK_URL), not what a proxy in front of us rewrote it to.

export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const payload = [...params.keys()].sort().reduce((acc, name) => acc + name + params.getAll(name).join(""), url);
  return createHmac("sha1", authToken).update(payload, "utf8").digest("base64");
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | null,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
