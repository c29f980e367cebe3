import { exampleList, exampleOne, exampleWebhookEndpoint } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import {
  webhookEndpointCreateSchema,
  webhookEndpointListQuery,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "@/lib/schemas/webhook-endpoints";
import { SUBSCRIBABLE_TEXT } from "./webhook-endpoint-operation-texts";

export const listWebhookEndpoints = {
  operationId: "listWebhookEndpoints",
  method: "get",
  path: "/api/v1/webhook-endpoints",
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
} satisfies OperationSpec;

export const createWebhookEndpoint = {
  operationId: "createWebhookEndpoint",
  method: "post",
  path: "/api/v1/webhook-endpoints",
  tag: "Webhooks",
  permission: { webhook_endpoints: "write" },
  summary: "Create a webhook endpoint",
  description: [
    "Subscribes a URL to events (REST hooks): every event of the chosen types is POSTed to it, signed (Standard Webhooks). The answer carries the signing `secret`, the only time the API shows it. The URL must be `https` and must not resolve to a private, loopback or link-local address; a name the DNS says does not exist is a 400 `validation_error` on `url`. When the DNS cannot answer (a timeout, `SERVFAIL`), the endpoint is created anyway and the URL is checked again at every delivery, as it always is. A local install on its embedded database (no `DATABASE_URL`) also accepts a receiver on that computer over http (`http://localhost:3001/hooks`), for development. At most 50 endpoints per account.",
    "",
    SUBSCRIBABLE_TEXT,
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
    location: {
      description: "The new endpoint's URL.",
      example: `/api/v1/webhook-endpoints/${exampleWebhookEndpoint.id}`,
    },
  },
  errors: ["webhook_endpoint_limit"],
  // The answer shows the signing secret, once: a replay of it is stored encrypted.
  sealReplay: true,
} satisfies OperationSpec;
