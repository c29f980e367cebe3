import { sharedCounter } from "./metrics-registry";

// Webhook delivery attempts by what came of them (lib/webhooks/attempt-delivery.ts). Recorded in
// whichever process ran the job: the web process, or `npm run worker` (scraped on its
// WORKER_HTTP_PORT).
export type WebhookDeliveryOutcome =
  /** The receiver answered 2xx. */
  | "delivered"
  /** Refused or failed; a retry is scheduled on the backoff. */
  | "failed_will_retry"
  /** Failed with no retry: the schedule is spent, a manual resend, an address the SSRF rules
   * refuse, or this failure disabled the endpoint (410 Gone, or 5 days without a success). */
  | "failed_final"
  /** Nothing sent: the endpoint or event is gone, the endpoint is disabled, or the attempt was
   * already recorded by another run of the job. */
  | "skipped"
  /** The attempt threw (the database went away mid-way): the job fails and pg-boss retries it. */
  | "error";

const deliveries = sharedCounter({
  name: "leadprop_webhook_deliveries_total",
  help: "Webhook delivery attempts by outcome: delivered, failed_will_retry, failed_final, skipped, error.",
  labelNames: ["outcome"] as const,
});

export function countWebhookDelivery(outcome: WebhookDeliveryOutcome): void {
  deliveries.inc({ outcome });
}
