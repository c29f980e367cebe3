import { EVENT_TYPES } from "@/lib/domain/enums";
import { z } from "zod";
import { atLeastOneField, idParams, outputId, outputTimestamp, paginationQuery, timestampQuery } from "./common";

// Webhook endpoints: where an account's events are pushed. Managed in Settings → Webhooks and
// through the API, so REST-hook integrations (Zapier and the like) subscribe themselves.

export const ALL_EVENTS = "*";

const url = z
  .string()
  .trim()
  .max(2048, { error: "At most 2,048 characters" })
  .pipe(z.url({ protocol: /^https?$/, error: "Must be an http(s) URL" }))
  .meta({
    description:
      "Where events are POSTed. `https`, and not a private, loopback or link-local address (checked at creation and again at each delivery).",
    example: "https://hooks.example.com/leadprop",
  });

const events = z
  .array(z.enum([ALL_EVENTS, ...EVENT_TYPES]))
  .min(1, { error: "Choose at least one event type, or `*`" })
  .max(EVENT_TYPES.length)
  .transform((list) => (list.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(list)]))
  .meta({
    description:
      'The event types to send, or `["*"]` for all of them, including types added later. Only types of resources the key can read; a restricted key\'s `["*"]` is stored as the types it can read.',
    example: ["lead.created", "lead.status_changed"],
  });

const description = z.string().trim().max(500, { error: "At most 500 characters" }).nullable().meta({
  description: "What the endpoint is for, shown in Settings.",
  example: "Sync to our data warehouse",
});

const writable = {
  url,
  description,
  events,
  enabled: z.boolean().meta({
    description: "False stops deliveries. Setting it true again re-enables an endpoint the system disabled.",
  }),
};

export const webhookEndpointCreateSchema = z
  .strictObject(writable)
  .partial({ description: true, enabled: true })
  .meta({
    id: "WebhookEndpointCreate",
    example: { url: "https://hooks.example.com/leadprop", events: ["lead.created", "lead.status_changed"] },
  });
export type WebhookEndpointCreateInput = z.output<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .strictObject(writable)
  .partial()
  .refine(atLeastOneField, { error: "Send at least one field to change" })
  .meta({ id: "WebhookEndpointUpdate", example: { enabled: true }, minProperties: 1 });
export type WebhookEndpointUpdateInput = z.output<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z
  .object({
    id: outputId("whep"),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()).meta({ description: 'Event types, or `["*"]`.' }),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({
      description:
        "Why the system disabled the endpoint (it answered 410 Gone, or no delivery succeeded for 5 days); null otherwise.",
      example: null,
    }),
    createdAt: outputTimestamp,
  })
  .meta({ id: "WebhookEndpoint" });
export type PublicWebhookEndpoint = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({
      description:
        "The signing secret (`whsec_…`), returned once, here. Verify each delivery's `webhook-signature` with it (Standard Webhooks). Settings → Webhooks reveals it again to owners.",
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });

export const webhookEndpointDeletedSchema = z
  .object({ id: outputId("whep"), deleted: z.literal(true) })
  .meta({ id: "WebhookEndpointDeleted", description: "The endpoint is removed; nothing more is sent to it." });

export const webhookEndpointListQuery = z.strictObject({
  ...paginationQuery,
  sort: z.enum(["-createdAt", "createdAt"]).default("-createdAt").meta({ description: "By `createdAt` only." }),
});
export type WebhookEndpointListQuery = z.output<typeof webhookEndpointListQuery>;

export const webhookEndpointIdParams = idParams("whep");

export const webhookReplaySchema = z
  .strictObject({
    since: timestampQuery.meta({
      description:
        "Replay the endpoint's events created at or after this time: within the last 30 days (what is kept).",
    }),
  })
  .meta({ id: "WebhookReplay", example: { since: "2026-11-20T00:00:00.000Z" } });

export const webhookReplayResultSchema = z
  .object({
    queued: z.number().int().meta({ description: "Events queued to the endpoint, oldest first." }),
    until: outputTimestamp.nullable().meta({
      description:
        "Set when the replay stopped at its limit of 1,000 events: the time of the last one queued. Replay again from it for the rest. Null when every event since `since` was queued.",
      example: null,
    }),
  })
  .meta({ id: "WebhookReplayResult" });
