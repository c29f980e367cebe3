import { z } from "zod";
import { idParams, outputId, outputTimestamp, paginationQuery } from "./common";

// An endpoint's delivery log through the API (Svix's message attempts): every attempt to send one
// event to one endpoint, kept 30 days, the same rows Settings → Webhooks shows.

export const WEBHOOK_DELIVERY_STATUSES = ["succeeded", "failed", "skipped"] as const;

export const webhookDeliveryListQuery = z.strictObject({
  ...paginationQuery,
  sort: z.enum(["-createdAt", "createdAt"]).default("-createdAt").meta({ description: "By `createdAt` only." }),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional().meta({
    description: "Only attempts with this outcome: `failed` for those the retry schedule or a Resend may send again.",
  }),
  eventId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Only the attempts of this event (`evt_…`): did it reach the endpoint, and when." }),
});

export const webhookDeliverySchema = z
  .object({
    id: outputId("whd"),
    endpointId: outputId("whep"),
    eventId: outputId("evt"),
    eventType: z.string().meta({ example: "lead.created" }),
    attempt: z.number().int().min(1).meta({
      description:
        "1 for the first try; each retry or Resend takes the next number. Every attempt of one event carries the same `webhook-id`: the event's id.",
      example: 1,
    }),
    trigger: z.enum(["scheduled", "manual"]).meta({
      description: "`scheduled`: the first try or the retry schedule. `manual`: a Resend or a Replay.",
    }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
      description:
        "`succeeded`: the receiver answered 2xx. `failed`: it answered otherwise, or could not be reached (`error` says why). `skipped`: nothing was sent (`skippedReason`).",
    }),
    httpStatus: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The receiver's status; null when none came.", example: 200 }),
    durationMs: z
      .number()
      .int()
      .meta({ description: "From the request sent to the answer read, or to the failure.", example: 84 }),
    responseBody: z.string().meta({ description: "The first 2 KB of the receiver's answer, as text.", example: "ok" }),
    error: z.string().nullable().meta({
      description: "Why no answer came (a timeout, a refused connection, an unsafe address); null otherwise.",
      example: null,
    }),
    skippedReason: z.enum(["endpoint_disabled"]).nullable().meta({
      description:
        "Set when nothing was sent: `endpoint_disabled`, the event came, or its retry was due, while the endpoint was disabled. Resend it, or Replay since, once the endpoint is enabled again.",
      example: null,
    }),
    nextAttemptAt: outputTimestamp.nullable().meta({
      description: "When the retry schedule tries this event again; null once it succeeded or the schedule ran out.",
      example: null,
    }),
    createdAt: outputTimestamp,
  })
  .meta({ id: "WebhookDelivery" });
export type PublicWebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryIdParams = idParams("whep").extend({
  deliveryId: z.string().min(1).max(100).meta({ description: "The delivery attempt to send again (`whd_…`)." }),
});

export const webhookResendResultSchema = z
  .object({
    attempt: z.number().int().min(2).meta({
      description:
        "The attempt number this Resend is logged under once sent. Resends of one event sent at once queue it once, and each is answered that one number.",
      example: 3,
    }),
  })
  .meta({ id: "WebhookResend" });
