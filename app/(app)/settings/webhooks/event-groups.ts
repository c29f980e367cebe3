import { EVENT_TYPES, type EventType } from "@/lib/domain/enums";
import { ALL_EVENTS } from "@/lib/schemas/webhook-endpoints";

// The event types as the "Add endpoint" form offers them: grouped by the object they are about
// (the part before the dot), in EVENT_TYPES' order, so a new type shows up in its group.

const OBJECT_LABELS: Record<string, string> = {
  lead: "Leads",
  property: "Properties",
  visit: "Visits",
  note: "Notes",
  sms: "SMS",
};

interface EventGroup {
  object: string;
  label: string;
  types: EventType[];
}

export const EVENT_GROUPS: EventGroup[] = EVENT_TYPES.reduce<EventGroup[]>((groups, type) => {
  const object = type.split(".")[0];
  const group = groups.find((g) => g.object === object);
  if (group) group.types.push(type);
  else groups.push({ object, label: OBJECT_LABELS[object] ?? object, types: [type] });
  return groups;
}, []);

/** An endpoint's subscription in a few words, for the list. */
export function describeEvents(events: readonly string[]): string {
  if (events.includes(ALL_EVENTS)) return "All events";
  if (events.length <= 2) return events.join(", ");
  return `${events.length} event types: ${events.slice(0, 2).join(", ")}…`;
}
