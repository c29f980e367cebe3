import { EVENT_TYPE_PERMISSIONS_TEXT } from "@/lib/openapi/event-type-permission-text";
import { exampleEvent, exampleList } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { eventListQuery, eventSchema } from "@/lib/schemas/events";

export const listEvents = {
  operationId: "listEvents",
  method: "get",
  path: "/api/v1/events",
  tag: "Events",
  permission: { events: "read" },
  summary: "List events",
  description: [
    "Every change to your account's leads, properties, visits, notes and SMS, deletions included: one event per change, written in the same transaction as the change, whether it was made through the API, the web UI or the CLI. `data.object` is the resource's public shape after the change (for a deletion, as it was, with `deleted: true`); updates carry `data.previousAttributes`. Events are kept 30 days.",
    "",
    "**A feed you can sync from.** With the default `sort=createdAt`, page from the start until `meta.hasMore` is false, then keep polling with the last `meta.cursor`: you see every event exactly once, even when two changes commit in the opposite order to their timestamps. An event appears once its transaction, and every transaction that started before it, has ended: usually at once, later only while a long transaction runs. On this feed an empty page keeps the cursor it was given, so `meta.cursor` is always the one to poll with.",
    "",
    "**A gap is said out loud.** A cursor older than the 30 days kept, once events after it have been deleted, answers 410 `cursor_expired` instead of a page that silently skips them. Re-sync your copy (list the resources again), then poll from `error.details[0].oldestCursor`, just before the oldest event still kept.",
    "",
    `**Only what the key can read.** An event carries its object whole, so a key sees only the event types of the resources it can read: ${EVENT_TYPE_PERMISSIONS_TEXT}. Without \`type\`, the other types are left out of every page (a key with only \`events:read\` sees an empty feed); a \`type\` naming one the key cannot read is a 403 \`insufficient_permissions\` whose \`details[0].permission\` names the permission missing, so an empty page never hides a missing permission.`,
    "",
    "Webhooks (Settings → Webhooks, or `/api/v1/webhook-endpoints`) push the same events.",
  ].join("\n"),
  query: eventListQuery,
  list: true,
  errors: ["cursor_expired"],
  response: {
    status: 200,
    description: "A page of events.",
    schema: eventSchema,
    example: exampleList(exampleEvent),
  },
} satisfies OperationSpec;
