// What a webhook delivery job carries, and how the queue groups and batches them
// (lib/jobs/workers/deliver-webhook.ts).

/** One attempt to send one event to one endpoint: a delivery job's data. */
export interface DeliveryJob {
  eventId: string;
  endpointId: string;
  /** 1 for the first try; each retry or resend takes the next number. */
  attempt: number;
  /** A resend from the delivery log: tried once, not on the retry schedule. */
  manual?: boolean;
}

/** The group tier of a delivery to an endpoint that is failing (held, endpoint-hold.ts) and of
 * every retry: at most one such request in flight to the endpoint (deliver-webhook.ts). */
export const FAILING_TIER = "failing";

/** Every delivery job is in its endpoint's group: what the queue's per-endpoint in-flight cap
 * counts (deliver-webhook.ts). A failing endpoint's jobs are in the failing tier. */
export const deliveryGroup = (endpointId: string, failing = false) => ({
  group: failing ? { id: endpointId, tier: FAILING_TIER } : { id: endpointId },
});

/** Delivery jobs a worker takes at once (deliver-webhook.ts): their targets are read in one
 * statement and their plain successes logged in one. */
export const DELIVERY_BATCH = 5;
