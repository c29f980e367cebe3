import { EVENT_TYPES, type EventType } from "@/lib/domain/enums";
import { firstUnreadableEventType, readableEventTypes } from "@/lib/keys/event-type-permissions";
import type { ApiKeyPermissions } from "@/lib/keys/permissions";
import { ALL_EVENTS, type WebhookEndpointCreateInput } from "@/lib/schemas/webhook-endpoints";
import { getPublicWebhookEndpointOrThrow } from "@/lib/webhooks/get-webhook-endpoint-or-throw";
import { insufficientPermissions } from "@/lib/keys/assert-permitted";

// What a key may see of the event feed and subscribe a webhook endpoint to: the event types of
// the resources it can read (lib/keys/event-type-permissions.ts). Without this, a key with only
// events:read or webhook_endpoints:write read every lead, property, visit, note and SMS through
// the events' payloads (issue 31, finding 9).

/** `refused`: what the key cannot do, given the first type it cannot read. */
function assertMayRead(
  permissions: ApiKeyPermissions | null,
  types: readonly EventType[],
  refused: (type: EventType) => string,
) {
  const unreadable = firstUnreadableEventType(permissions, types);
  if (unreadable) throw insufficientPermissions(unreadable.missing, refused(unreadable.type));
}

const expandAll = (events: readonly string[]): EventType[] =>
  events.includes(ALL_EVENTS) ? [...EVENT_TYPES] : (events as EventType[]);

type Subscription = WebhookEndpointCreateInput["events"];

/** The `events` POST or PATCH /webhook-endpoints stores for this key. A type the key cannot read
 * is a 403 naming the permission. `*` from a restricted key becomes the types it can read now:
 * only a full-access key's `*` also takes types added later. */
export function eventsToSubscribe(permissions: ApiKeyPermissions | null, requested: Subscription): Subscription {
  const readable = readableEventTypes(permissions);
  if (readable === null) return [...requested];
  if (!requested.includes(ALL_EVENTS)) {
    assertMayRead(permissions, requested as EventType[], (type) => `subscribe to ${type}`);
    return [...requested];
  }
  if (!readable.length) {
    assertMayRead(
      permissions,
      EVENT_TYPES,
      (type) => `subscribe to "*" when it can read no event type (${type}, for one)`,
    );
  }
  return readable;
}

/** PATCH /webhook-endpoints/:id with a new `url` and no `events`: a restricted key may move only an
 * endpoint whose every type it can read, or it would redirect to itself what it cannot read. A
 * stored `*` is kept as today's types, so types added later do not follow. Undefined: the events
 * stay as they are. */
export async function eventsKeptOnMove(
  permissions: ApiKeyPermissions | null,
  accountId: string,
  endpointId: string,
): Promise<EventType[] | undefined> {
  if (permissions === null) return undefined;
  const { events } = await getPublicWebhookEndpointOrThrow(accountId, endpointId);
  const types = expandAll(events);
  assertMayRead(permissions, types, (type) => `move an endpoint that receives ${type}`);
  return events.includes(ALL_EVENTS) ? types : undefined;
}

/** GET /events: the types this key's feed is narrowed to (undefined: every type, for a full-access
 * key). Without a `type` filter the feed shows only what the key can read; a `type` filter naming
 * a type it cannot read is a 403, so an empty page never hides a missing permission. */
export function feedTypesFor(
  permissions: ApiKeyPermissions | null,
  requested: readonly EventType[] | undefined,
): EventType[] | undefined {
  if (requested) assertMayRead(permissions, requested, (type) => `list ${type} events`);
  return readableEventTypes(permissions) ?? undefined;
}
