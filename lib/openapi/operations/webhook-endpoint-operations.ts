import {
  webhookEndpointCreateSchema,
  webhookEndpointDeletedSchema,
  webhookEndpointIdParams,
  webhookEndpointListQuery,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookReplayResultSchema,
  webhookReplaySchema,
} from "@/lib/schemas/webhook-endpoints";
import { EVENT_TYPE_PERMISSIONS_TEXT } from "../event-type-permission-text";
import { exampleList, exampleOne, exampleWebhookEndpoint, exampleWebhookEndpointDeleted } from "../examples";
import type { OperationSpec } from "../operation-spec";

const notFound = { message: "Webhook endpoint not found." };
const path = "/api/v1/webhook-endpoints";

// An event carries its object whole: subscribing to a type is reading its resource (issue 31, 9).
const SUBSCRIBABLE = `**Only types the key can read.** A key may subscribe only to the event types of the resources it can read: ${EVENT_TYPE_PERMISSIONS_TEXT}. Another type is a 403 \`insufficient_permissions\` whose \`details[0].permission\` names the permission missing. \`["*"]\` from a full-access key takes every type, including types added later; from a restricted key it is stored as the types that key can read at that moment (the answer lists them), and is a 403 when it can read none.`;

export const webhookEndpointOperations: OperationSpec[] = [
  {
    operationId: "listWebhookEndpoints",
    method: "get",
    path,
    tag: "Webhooks",
    permission: { webhook_endpoints: "read" },
    summary: "List webhook endpoints",
    description: "Your account's webhook endpoints, newest first, without their secrets.",
    query: webhookEndpointListQuery,
    list: true,
    response: {
      status: 200,
      description: "A page of endpoints.",
      schema: webhookEndpointSchema,
      example: exampleList(exampleWebhookEndpoint),
    },
  },
  {
    operationId: "createWebhookEndpoint",
    method: "post",
    path,
    tag: "Webhooks",
    permission: { webhook_endpoints: "write" },
    summary: "Create a webhook endpoint",
    description: [
      "Subscribes a URL to events (REST hooks): every event of the chosen types is POSTed to it, signed (Standard Webhooks). The answer carries the signing `secret`, the only time the API shows it. The URL must be `https` and must not resolve to a private, loopback or link-local address; a name the DNS says does not exist is a 400 `validation_error` on `url`. When the DNS cannot answer (a timeout, `SERVFAIL`), the endpoint is created anyway and the URL is checked again at every delivery, as it always is. A local install on its embedded database (no `DATABASE_URL`) also accepts a receiver on that computer over http (`http://localhost:3001/hooks`), for development. At most 50 endpoints per account.",
      "",
      SUBSCRIBABLE,
    ].join("\n"),
    body: {
      schema: webhookEndpointCreateSchema,
      examples: {
        some: {
          summary: "Two lead events",
          value: { url: "https://hooks.example.com/leadprop", events: ["lead.created", "lead.status_changed"] },
        },
        all: {
          summary: "Everything, with a description",
          value: { url: "https://hooks.example.com/all", events: ["*"], description: "Warehouse sync" },
        },
      },
    },
    response: {
      status: 201,
      description: "The endpoint, with its secret.",
      schema: webhookEndpointWithSecretSchema,
      example: exampleOne({ ...exampleWebhookEndpoint, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
      location: { description: "The new endpoint's URL.", example: `${path}/${exampleWebhookEndpoint.id}` },
    },
    errors: ["webhook_endpoint_limit"],
  },
  {
    operationId: "getWebhookEndpoint",
    method: "get",
    path: `${path}/{id}`,
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
  },
  {
    operationId: "replayWebhookEndpoint",
    method: "post",
    path: `${path}/{id}/replay`,
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
  },
  {
    operationId: "updateWebhookEndpoint",
    method: "patch",
    path: `${path}/{id}`,
    tag: "Webhooks",
    permission: { webhook_endpoints: "write" },
    summary: "Update a webhook endpoint",
    description: `Change its URL (checked as on create), description or event types, or disable it. \`enabled: true\` re-enables an endpoint the system disabled (after a 410, or 5 days without a successful delivery); deliveries it missed meanwhile are logged as skipped: send them with \`POST /webhook-endpoints/{id}/replay\`.\n\n${SUBSCRIBABLE} New \`events\` follow that rule. A restricted key may change the \`url\` only of an endpoint whose every type it can read (else 403, naming the permission), since moving it would send those events to the key's own receiver; a \`["*"]\` endpoint it moves keeps the types of today. \`description\` and \`enabled\` need only \`webhook_endpoints:write\`.`,
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
  },
  {
    operationId: "deleteWebhookEndpoint",
    method: "delete",
    path: `${path}/{id}`,
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
  },
];
