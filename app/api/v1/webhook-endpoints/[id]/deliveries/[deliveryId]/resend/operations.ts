import { exampleOne } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { webhookDeliveryIdParams, webhookResendResultSchema } from "@/lib/schemas/webhook-deliveries";

export const resendWebhookDelivery = {
  operationId: "resendWebhookDelivery",
  method: "post",
  path: "/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend",
  tag: "Webhooks",
  permission: { webhook_endpoints: "write" },
  summary: "Resend a delivery",
  description:
    "Sends that attempt's event to the endpoint once more, now, outside the retry schedule: signed afresh, with the same `webhook-id` (the event's id), logged as the next attempt with `trigger: \"manual\"`. Resends of one event sent at once queue it once. The endpoint must be enabled (else 409 `webhook_endpoint_disabled`). Any attempt can be resent, a successful one too (a receiver that lost what it stored).",
  params: webhookDeliveryIdParams,
  response: {
    status: 202,
    description: "The attempt is queued.",
    schema: webhookResendResultSchema,
    example: exampleOne({ attempt: 3 }),
  },
  errors: ["webhook_endpoint_disabled"],
  errorExamples: { not_found: { message: "Delivery not found." } },
} satisfies OperationSpec;
