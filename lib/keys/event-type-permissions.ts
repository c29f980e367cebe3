import { EVENT_TYPES, type EventType } from "@/lib/domain/enums";
import { missingPermission, type ApiKeyPermissions, type PermissionResource } from "./permissions";

// An event carries its object's whole public shape (lib/schemas/events.ts), so receiving or
// listing an event is reading that object: each event type needs the read permission of the
// resource it is about (issue 31, finding 9). Keyed by the types' own prefixes, so a new kind of
// event does not compile until it is given its resource here.

type EventObject = EventType extends `${infer Object}.${string}` ? Object : never;

export const EVENT_OBJECT_RESOURCES: Record<EventObject, PermissionResource> = {
  lead: "leads",
  property: "properties",
  visit: "visits",
  task: "tasks",
  // A note is an activity on a lead, listed by GET /activities.
  note: "activities",
  sms: "sms",
};

const missingReadFor = (permissions: ApiKeyPermissions | null, type: EventType) =>
  missingPermission(permissions, { [EVENT_OBJECT_RESOURCES[type.split(".")[0] as EventObject]]: "read" });

type UnreadableEventType = { type: EventType; missing: NonNullable<ReturnType<typeof missingPermission>> };

/** The first of `types` the key may not read, with the permission it lacks; null when it may read
 * them all. */
export function firstUnreadableEventType(
  permissions: ApiKeyPermissions | null,
  types: readonly EventType[],
): UnreadableEventType | null {
  for (const type of types) {
    const missing = missingReadFor(permissions, type);
    if (missing) return { type, missing };
  }
  return null;
}

/** The event types a restricted key may read, in the catalogue's order; null for a full-access
 * key, which reads every type, including types added later. */
export function readableEventTypes(permissions: ApiKeyPermissions | null): EventType[] | null {
  if (permissions === null) return null;
  return EVENT_TYPES.filter((type) => !missingReadFor(permissions, type));
}
