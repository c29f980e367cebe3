import { createDocument, type ZodOpenApiPathsObject, type oas31 } from "zod-openapi";
import { retrySpanText } from "@/lib/webhooks/retry-schedule-text";
import { apiGuide } from "./api-guide";
import { errorEnvelopeSchema, sharedErrorResponses } from "./error-responses";
import type { OperationSpec, ResourceTag } from "./operation-spec";
import { HEADER_COMPONENTS } from "./response-headers";
import { toOperationObject } from "./to-operation-object";
import { webhooksSection } from "./webhooks-section";

// The OpenAPI 3.1 document of /api/v1, generated from the operations the routes run with (each
// declared beside its route, listed in app/api/v1/operation-list.ts) and their zod schemas
// (lib/schemas). Nothing here is written by hand twice.

const API_VERSION = "1.0.0";

const TAGS: Array<{ name: ResourceTag; description: string }> = [
  {
    name: "Leads",
    description: "People interested in buying, renting, selling or letting. Deleting a lead is a soft delete.",
  },
  { name: "SMS", description: "Text messages to a lead's phone, recorded on the lead's timeline." },
  { name: "Properties", description: "Listings for sale or rent." },
  { name: "Visits", description: "Scheduled viewings of a property by a lead." },
  {
    name: "Users",
    description:
      "Your account's members: the ids `assignedTo` and `agentId` take. Read-only; owners manage them in Settings → Team.",
  },
  {
    name: "Tasks",
    description:
      "Agents' to-dos (call back, send the brochure, a showing), about a lead or none, with a due time; each agent gets a morning digest of the day's tasks.",
  },
  { name: "Activities", description: "The read-only timeline of every change to your leads." },
  {
    name: "Events",
    description: "Every change to your account, deletions included: the feed to sync from, and what webhooks send.",
  },
  {
    name: "Custom fields",
    description: "The fields your account adds to leads and properties, carried in their `customFields`.",
  },
  {
    name: "Webhooks",
    description: `Endpoints that receive events as signed POSTs (Standard Webhooks), retried for ${retrySpanText()}. Each event type's payload is under \`webhooks\`.`,
  },
];

export function buildOpenApiDocument(operations: readonly OperationSpec[]): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const spec of operations) {
    paths[spec.path] = { ...paths[spec.path], [spec.method]: toOperationObject(spec) };
  }
  // zod-openapi 6 types every document as OpenAPI 3.2, whose parameters may also be `in:
  // "querystring"`; this one is 3.1.0 and declares none, so it is a 3.1 document.
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "LeadProp API",
      version: API_VERSION,
      description: apiGuide(operations),
    },
    // Relative: resolved against wherever this document is served, so it is right on every host.
    servers: [{ url: "/", description: "This server" }],
    tags: TAGS,
    security: [{ apiKey: [] }],
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: { Error: errorEnvelopeSchema },
      responses: sharedErrorResponses(),
      headers: HEADER_COMPONENTS,
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "lpm_…",
          description:
            "`Authorization: Bearer <API_KEY>`. Keys look like `lpm_` + 43 base62 characters + a 6-character checksum; create one in Settings → Public API. A missing header answers 401 `missing_api_key`; a malformed, unknown or revoked key 401 `invalid_api_key`; a key past its expiry (or past the overlap after it was rolled) 401 `api_key_expired`; a valid key of an account without the Agency plan 403 `plan_required`; a key without the permission an operation needs (see each operation's `x-required-permissions`) 403 `insufficient_permissions`.",
        },
      },
    },
  }) as oas31.OpenAPIObject;
  unsentFilterExamples(document);
  return document;
}

// Scalar's reference at /docs fills every optional query parameter that has an example or a
// default into Test Request, ticked, so a list's first try would filter by the examples
// (createdAfter a fixed day, cf[stage]=hot: a 400 for an account without that field). A
// parameter whose example is only an illustration (no default) gets its example again as the
// parameter's own, marked with Scalar's `x-disabled`: shown, unticked until the reader picks it.
// Defaults (limit, sort) stay ticked: they are what the server does anyway. The Postman
// collection turns the same filters off on its side (to-postman-collection.ts).
function unsentFilterExamples(document: oas31.OpenAPIObject): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of [item.get, item.post, item.put, item.patch, item.delete]) {
      for (const parameter of operation?.parameters ?? []) {
        if ("$ref" in parameter || parameter.in !== "query" || parameter.required || parameter.examples) continue;
        const schema = parameter.schema;
        if (!schema || "$ref" in schema || schema.default !== undefined || schema.example === undefined) continue;
        parameter.examples = { default: { value: schema.example, "x-disabled": true } };
      }
    }
  }
}
