import { exampleOne, exampleWebhookEndpoint, exampleWebhookEndpointDeleted } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import {
  webhookEndpointDeletedSchema,
  webhookEndpointIdParams,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
} from "@/lib/schemas/webhook-endpoints";
import { SUBSCRIBABLE_TEXT, webhookEndpointNotFound as notFound } from "../webhook-endpoint-operation-texts";

export const getWebhookEndpoint = {
  operationId: "getWebhookEndpoint",
  method: "get",
  path: "/api/v1/webhook-endpoints/{id}",
  tag: "Webhooks",
  permission: { webhook_endpoints: "read" },
  summary: "Get a webhook endpoint",
  description: "One endpoint of your account, without its secret. `disabledReason` says why the system disabled it.",
  params: webhookEndpointIdParams,
  response: {
    status: 200,
    description: "The endpoint.",
    schema: webhookEndpointSchema,
    example: exampleOne(exampleWebhookEndpoint),
  },
  errorExamples: { not_found: notFound },
} satisfies OperationSpec;

export const updateWebhookEndpoint = {
  operationId: "updateWebhookEndpoint",
  method: "patch",
  path: "/api/v1/webhook-endpoints/{id}",
  tag: "Webhooks",
  permission: { webhook_endpoints: "write" },
  summary: "Update a webhook endpoint",
  description: `Change its URL (checked as on create), description or event types, or disable it. \`enabled: true\` re-enables an endpoint the system disabled (after a 410, or 5 days without a successful delivery); deliveries it missed meanwhile are logged as skipped: send them with \`POST /webhook-endpoints/{id}/replay\`.\n\n${SUBSCRIBABLE_TEXT} New \`events\` follow that rule. A restricted key may change the \`url\` only of an endpoint whose every type it can read (else 403, naming the permission), since moving it would send those events to the key's own receiver; a \`["*"]\` endpoint it moves keeps the types of today. \`description\` and \`enabled\` need only \`webhook_endpoints:write\`.`,
  params: webhookEndpointIdParams,
  body: {
    schema: webhookEndpointUpdateSchema,
    examples: {
      enable: { summary: "Re-enable it", value: { enabled: true } },
      events: { summary: "Subscribe to everything", value: { events: ["*"] } },
    },
  },
  response: {
    status: 200,
    description: "The endpoint after the change.",
    schema: webhookEndpointSchema,
    example: exampleOne(exampleWebhookEndpoint),
  },
  errorExamples: { not_found: notFound },
} satisfies OperationSpec;

export const deleteWebhookEndpoint = {
  operationId: "deleteWebhookEndpoint",
  method: "delete",
  path: "/api/v1/webhook-endpoints/{id}",
  tag: "Webhooks",
  permission: { webhook_endpoints: "write" },
  summary: "Delete a webhook endpoint",
  description: "Unsubscribes it for good, with its delivery log. Retries already scheduled are not sent.",
  params: webhookEndpointIdParams,
  response: {
    status: 200,
    description: "The endpoint is deleted.",
    schema: webhookEndpointDeletedSchema,
    example: exampleOne(exampleWebhookEndpointDeleted),
  },
  errorExamples: { not_found: notFound },
} satisfies OperationSpec;
