import { EVENT_TYPES, WEBHOOK_TEST_EVENT, type AnyEventType, type EventType } from "@/lib/domain/enums";
import { z } from "zod";
import { activitySchema } from "./activities";
import { outputId, outputTimestamp, paginationQuery, timestampQuery } from "./common";
import { leadSchema } from "./leads";
import { propertySchema } from "./properties";
import { smsSchema } from "./sms";
import { taskSchema } from "./tasks";
import { visitSchema } from "./visits";

// The event resource (GET /events, and the body of every webhook). `data.object` is the changed
// resource's own public shape, so an event and a GET of the resource can never disagree.

const eventTypeSchema = z.enum([...EVENT_TYPES, WEBHOOK_TEST_EVENT]).meta({
  id: "EventType",
  description: "`webhook.test` is sent only to an endpoint by Settings → Webhooks → Send test event, and never listed.",
});

const deletedFlag = {
  deleted: z
    .literal(true)
    .optional()
    .meta({ description: "Present on `*.deleted` events: the object as it was when it was deleted." }),
};

/** Each event type's object: the public shape of the resource it is about. */
const EVENT_OBJECT_SCHEMAS = {
  lead: leadSchema.extend(deletedFlag),
  property: propertySchema.extend(deletedFlag),
  visit: visitSchema,
  task: taskSchema.extend(deletedFlag),
  note: activitySchema,
  sms: smsSchema,
  webhook: z
    .object({ id: outputId("whep"), message: z.string() })
    .meta({ description: "`webhook.test`: the endpoint the test was sent to." }),
} as const;
type EventObjectKind = keyof typeof EVENT_OBJECT_SCHEMAS;
const eventObjectKind = (type: AnyEventType) => type.split(".")[0] as EventObjectKind;

const previousAttributesSchema = z.record(z.string(), z.unknown()).meta({
  description:
    "Updates only: the value each changed field had before the change, in the object's own field names and formats.",
  example: { status: "new" },
});

const eventObjectSchema = z
  .union(Object.values(EVENT_OBJECT_SCHEMAS))
  .meta({ description: "The resource's public shape after the change (for a deletion, as it was)." });

const eventDataSchema = z
  .object({ object: eventObjectSchema, previousAttributes: previousAttributesSchema.optional() })
  .meta({ id: "EventData" });
export type EventData = z.output<typeof eventDataSchema>;

// The events table's `data` column (db/schema/domain-types.ts).
declare module "@/db/schema/domain-types" {
  interface DomainTypes {
    eventData: EventData;
  }
}

const eventActorSchema = z
  .object({
    type: z.enum(["api_key", "user", "system"]),
    id: z
      .string()
      .nullable()
      .meta({ description: "The API key (`key_…`) or user (`user_…`) id; null for the system." }),
    name: z.string().meta({
      description:
        "The key's or user's name at the time of the change; for the system, what acted (`Lead routing`, or `Pipeline, for <name>` for an automatic move of the lead made for that key or user).",
    }),
  })
  .meta({ id: "EventActor" });

const eventFields = {
  id: outputId("evt").meta({ description: "The event's id; webhooks send it as `webhook-id`. Deduplicate on it." }),
  type: eventTypeSchema,
  createdAt: outputTimestamp,
  data: eventDataSchema,
  actor: eventActorSchema,
  requestId: z.string().nullable().meta({
    description: "The API request that made the change (its `X-Request-Id`); null for the web UI and the system.",
    example: "req_01jf3v6q2m8k4x5y7z9a0b1c2d",
  }),
};

export const eventSchema = z.object(eventFields).meta({ id: "Event" });
export type PublicEvent = z.output<typeof eventSchema>;

/** One event type's payload, for the OpenAPI document's `webhooks` section. */
export function eventPayloadSchema(type: AnyEventType) {
  const object = EVENT_OBJECT_SCHEMAS[eventObjectKind(type)];
  const updates = type.endsWith(".updated") || type === "lead.status_changed" || type === "task.completed";
  return z.object({
    ...eventFields,
    type: z.literal(type),
    data: z.object({ object, ...(updates && { previousAttributes: previousAttributesSchema }) }),
  });
}

// `lead.*` names every type of one object; the wildcard is expanded here, so the query is a list.
const typeFilter = z
  .string()
  .max(500)
  .transform((value, ctx) => {
    const types = new Set<EventType>();
    for (const part of value.split(",").map((p) => p.trim())) {
      const matched = part.endsWith(".*")
        ? EVENT_TYPES.filter((t) => t.startsWith(part.slice(0, -1)))
        : EVENT_TYPES.filter((t) => t === part);
      if (!matched.length) {
        ctx.addIssue({ code: "custom", message: `Unknown event type "${part}"` });
        return z.NEVER;
      }
      matched.forEach((t) => types.add(t));
    }
    return [...types].sort();
  })
  .meta({
    description: "A comma list of event types; `lead.*` matches every lead event.",
    example: "lead.*,visit.created",
  });

export const eventListQuery = z.strictObject({
  ...paginationQuery,
  sort: z.enum(["createdAt", "-createdAt"]).default("createdAt").meta({
    description:
      "`createdAt` (the default) is the feed: oldest first, and a cursor polled later returns exactly the events committed since. `-createdAt` lists newest first.",
  }),
  type: typeFilter.optional(),
  objectId: z.string().min(1).max(100).optional().meta({ description: "Only events about this object (`lead_…`)." }),
  createdAfter: timestampQuery.optional().meta({ description: "Only events created strictly after this time." }),
});
export type EventListQuery = z.output<typeof eventListQuery>;
