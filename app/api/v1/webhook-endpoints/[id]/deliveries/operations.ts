import { exampleList, exampleWebhookDelivery } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { webhookDeliveryListQuery, webhookDeliverySchema } from "@/lib/schemas/webhook-deliveries";
import { webhookEndpointIdParams } from "@/lib/schemas/webhook-endpoints";
import { webhookEndpointNotFound as notFound } from "../../webhook-endpoint-operation-texts";

export const listWebhookDeliveries = {
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/api/v1/webhook-endpoints/{id}/deliveries",
  tag: "Webhooks",
  permission: { webhook_endpoints: "read" },
  summary: "List an endpoint's delivery attempts",
  description:
    "The endpoint's delivery log, newest first: every attempt to send it an event in the last 30 days, with the receiver's status, the first 2 KB of its answer and how long it took; attempts not sent because the endpoint was disabled are there as `skipped`. The same log as Settings → Webhooks. Filter by `status` to find what failed, or by `eventId` to see whether one event arrived. Send one again with `POST …/deliveries/{deliveryId}/resend`, or many with `POST …/replay`.",
  params: webhookEndpointIdParams,
  query: webhookDeliveryListQuery,
  list: true,
  response: {
    status: 200,
    description: "A page of delivery attempts.",
    schema: webhookDeliverySchema,
    example: exampleList(exampleWebhookDelivery),
  },
  errorExamples: { not_found: notFound },
} satisfies OperationSpec;
