import type { WebhookEndpoint } from "@/db/schema";
import type { WebhookAttempt } from "./post-webhook";

// No success for this long disables the endpoint (Svix and Stripe do the same).
const FAILING_DISABLES_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

/** The endpoint's failing streak after this attempt, and whether it is disabled by it. */
export function healthAfter(
  endpoint: WebhookEndpoint,
  result: WebhookAttempt,
  succeeded: boolean,
): Partial<WebhookEndpoint> {
  if (succeeded) return { failingSince: null, deliveriesHeldUntil: null };
  const now = new Date();
  const failingSince = endpoint.failingSince ?? now;
  if (result.status === 410) {
    return { failingSince, enabled: false, disabledReason: "The endpoint answered 410 Gone." };
  }
  if (now.getTime() - failingSince.getTime() >= FAILING_DISABLES_AFTER_MS) {
    return { failingSince, enabled: false, disabledReason: "No delivery succeeded for 5 days." };
  }
  return { failingSince };
}
