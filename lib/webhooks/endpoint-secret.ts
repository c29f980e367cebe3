import { randomBytes } from "node:crypto";

// The Standard Webhooks secret format (as Svix issues them): "whsec_" + base64 of 24 random
// bytes, which receivers pass as is to their `new Webhook(secret)`. 192 bits is the spec's size,
// well above what an HMAC-SHA256 key needs.
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
