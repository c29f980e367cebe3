import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { EVENT_TYPES, WEBHOOK_TEST_EVENT, type AnyEventType } from "@/lib/domain/enums";
import { eventPayloadSchema } from "@/lib/schemas/events";

// The document's `webhooks` (OpenAPI 3.1): what we POST to an endpoint for each event type, built
// from the same schemas as GET /events, so Scalar shows each payload.

const webhookHeaders = z.object({
  "webhook-id": z.string().meta({
    description: "The event's id (`evt_…`): the same on every retry. Deduplicate on it.",
    example: "evt_01jf3v9k4n2p6r8t0v2x4z6b8e",
  }),
  "webhook-timestamp": z.string().meta({
    description: "When this attempt was signed, in Unix seconds. Refuse old ones (the library allows 5 minutes).",
    example: "1795512312",
  }),
  "webhook-signature": z.string().meta({
    description:
      "Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`. Two during the 24 hours after a secret roll. Verify with the `standardwebhooks` library.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

const SUMMARIES: Record<AnyEventType, string> = {
  "lead.created": "A lead was created",
  "lead.updated": "A lead's fields changed (not its status)",
  "lead.status_changed": "A lead's status changed (with any other fields of the same change)",
  "lead.deleted": "A lead was soft-deleted",
  "lead.restored": "A deleted lead was restored",
  "property.created": "A property was created",
  "property.updated": "A property changed",
  "property.deleted": "A property was deleted",
  "visit.created": "A visit was scheduled",
  "visit.updated": "A visit changed (its outcome was recorded)",
  "task.created": "A task was created",
  "task.updated": "A task changed (rescheduled, reassigned, reopened, cancelled…), not completed",
  "task.completed": "A task was marked done (with any other fields of the same change)",
  "task.deleted": "A task was deleted",
  "note.created": "A note was added to a lead",
  "sms.sent": "An SMS to a lead was sent",
  "sms.delivered": "The carrier reported an SMS delivered",
  "sms.failed": "An SMS failed, at once or as reported by the carrier",
  "sms.received": "A lead sent an SMS (a reply, or a first message from a new number)",
  "sms.scheduled": "An SMS was scheduled to go out later (quiet hours, or a chosen time)",
  "sms.cancelled": "A scheduled SMS was cancelled before it went out",
  "webhook.test": "A test sent from Settings → Webhooks",
};

function webhookOperation(type: AnyEventType): ZodOpenApiPathItemObject {
  return {
    post: {
      operationId: `webhook.${type}`,
      tags: ["Webhooks"],
      summary: SUMMARIES[type],
      description: `Sent to each enabled endpoint subscribed to \`${type}\` (or \`*\`). Answer 2xx within 10 seconds; anything else is retried.`,
      requestParams: { header: webhookHeaders },
      requestBody: { required: true, content: { "application/json": { schema: eventPayloadSchema(type) } } },
      responses: {
        "200": { description: "Any 2xx acknowledges the delivery. `410 Gone` disables the endpoint." },
      },
    },
  };
}

export function webhooksSection(): Record<string, ZodOpenApiPathItemObject> {
  const types: AnyEventType[] = [...EVENT_TYPES, WEBHOOK_TEST_EVENT];
  return Object.fromEntries(types.map((type) => [type, webhookOperation(type)]));
}
