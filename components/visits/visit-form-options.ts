import { listPropertyOptions } from "@/lib/properties/list-property-options";
import { listMembers } from "@/lib/users/list-members";
import { assigneeOptions } from "@/components/team/assignee-options";
import type { PublicVisit } from "@/lib/visits/public-visit";
import { defaultSlot, type BookingSlot } from "./booking-slot";
import { utcToZoned } from "./zoned-time";

// What the booking and reschedule forms need from the server: their choices, and a visit's
// values as form text in the viewer's zone.

const LENGTHS = [15, 30, 45, 60, 90, 120];

const lengthLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;

/** Common lengths, plus the visit's own when the API booked an unusual one (50 min). */
function durationOptions(current?: number) {
  const lengths = current && !LENGTHS.includes(current) ? [...LENGTHS, current].sort((a, b) => a - b) : LENGTHS;
  return lengths.map((m) => ({ value: String(m), label: lengthLabel(m) }));
}

export async function visitFormOptions(
  accountId: string,
  opts: { propertyId?: string | null; duration?: number; agentId?: string | null },
) {
  const [properties, members] = await Promise.all([
    listPropertyOptions(accountId, opts.propertyId),
    listMembers(accountId),
  ]);
  return {
    properties: [
      { value: "", label: "Choose a property" },
      ...properties.map((p) => ({ value: p.id, label: p.label })),
    ],
    agents: [{ value: "", label: "No agent" }, ...assigneeOptions(members, opts.agentId)],
    durations: durationOptions(opts.duration),
  };
}

/**
 * A new booking: at the slot clicked on the Visits grid, else tomorrow at 10:00 where the viewer
 * is; 30 minutes, with the viewer as agent.
 */
export function newVisitValues(zone: string, agentId: string, propertyId: string | null, slot?: BookingSlot) {
  return {
    propertyId: propertyId ?? "",
    ...(slot ?? defaultSlot(zone)),
    durationMinutes: "30",
    agentId,
    notes: "",
  };
}

export function visitValues(visit: PublicVisit, zone: string) {
  return {
    ...utcToZoned(visit.scheduledAt, zone),
    durationMinutes: String(visit.durationMinutes),
    agentId: visit.agentId ?? "",
    notes: visit.notes ?? "",
  };
}
