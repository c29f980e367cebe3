import { Webhook } from "standardwebhooks";

interface WebhookToSign {
  /** The message id: the same on every retry of one delivery, so receivers can drop duplicates. */
  id: string;
  timestamp: Date;
  /** The exact bytes sent: a receiver verifies the raw body, not a re-serialized one. */
  body: string;
  /** Every secret the endpoint currently signs with: after a roll, the new one and the old one. */
  secrets: string[];
}

// Signed by the standardwebhooks library itself, so our headers are by construction what every
// Standard Webhooks (and Svix) verifier expects. With two secrets both signatures go in one
// header, space-separated: a receiver still on the old secret and one already on the new secret
// both find a match during the 24 hours the old one keeps signing.
export function signedWebhookHeaders({
  id,
  timestamp,
  body,
  secrets,
}: WebhookToSign): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  if (secrets.length === 0) throw new Error("a webhook needs at least one signing secret");
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body));
  return {
    "webhook-id": id,
    // Whole seconds, as the library signs them: a millisecond value here would never verify.
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
