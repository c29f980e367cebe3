import { Webhook } from "standardwebhooks";
import type { WebhookEvent } from "./types";

export { WebhookVerificationError } from "standardwebhooks";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

const SIGNED_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

function pick(headers: HeaderBag): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of SIGNED_HEADERS) {
    let value: string | string[] | null | undefined;
    if (headers instanceof Headers) value = headers.get(name);
    else value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
    if (Array.isArray(value)) value = value.join(" ");
    if (value) picked[name] = value;
  }
  return picked;
}

/**
 * Checks a delivery's Standard Webhooks signature and age (5 minutes) against the endpoint's
 * `whsec_…` secret and returns the event, typed by `type`. Pass the raw body exactly as
 * received: a re-serialized one does not verify. Throws WebhookVerificationError otherwise.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: HeaderBag, secret: string): WebhookEvent {
  const body = typeof payload === "string" ? payload : new TextDecoder().decode(payload);
  return new Webhook(secret).verify(body, pick(headers)) as WebhookEvent;
}
