import { exampleOne } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import {
  webhookEndpointIdParams,
  webhookReplayResultSchema,
  webhookReplaySchema,
} from "@/lib/schemas/webhook-endpoints";
import { webhookEndpointNotFound as notFound } from "../../webhook-endpoint-operation-texts";

export const replayWebhookEndpoint = {
  operationId: "replayWebhookEndpoint",
  method: "post",
  path: "/api/v1/webhook-endpoints/{id}/replay",
  tag: "Webhooks",
  permission: { webhook_endpoints: "write" },
  summary: "Replay events to a webhook endpoint",
  description:
    "Sends the endpoint its events created at or after `since` again, from the feed, oldest first: those of the types it is subscribed to now, each as a new attempt with its own `webhook-id` (the event's id, so a receiver that deduplicates keeps its copy). For a receiver that was down or lost data, or an endpoint enabled again after deliveries were skipped. `since` must be within the 30 days of events kept. One call queues at most 1,000 events; `until` then says where to start the next. Events still being fanned out are left to that. Replays running at once queue each event once. The endpoint must be enabled (else 409 `webhook_endpoint_disabled`).",
  params: webhookEndpointIdParams,
  body: {
    schema: webhookReplaySchema,
    examples: { since: { summary: "Since a receiver outage began", value: { since: "2026-11-20T00:00:00.000Z" } } },
  },
  response: {
    status: 202,
    description: "The events are queued for delivery.",
    schema: webhookReplayResultSchema,
    example: exampleOne({ queued: 42, until: null }),
  },
  errors: ["webhook_endpoint_disabled"],
  errorExamples: { not_found: notFound },
} satisfies OperationSpec;
