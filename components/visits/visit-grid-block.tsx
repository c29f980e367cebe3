import Link from "next/link";
import type { PlacedVisit } from "@/components/visits/calendar-layout";
import type { ScheduledVisit } from "@/lib/visits/list-visits-by-schedule";
import { VISIT_STATUS_LABELS } from "@/lib/visits/visit-outcome";
import { formatInZone } from "@/components/ui/format-date";
import { styles } from "@/components/ui/styles";
import { agentColour } from "./agent-colours";

// The status colours of a block: the same hues as the status badges (VISIT_STATUS_TONES), with
// a stronger left edge so a block reads against the hour lines. The status is also written out
// for anything but "scheduled": the colour only helps scanning.
const STATUS_BLOCK = {
  scheduled: "border-indigo-500 bg-indigo-50 text-indigo-950 hover:bg-indigo-100",
  completed: "border-emerald-500 bg-emerald-50 text-emerald-950 hover:bg-emerald-100",
  cancelled: "border-slate-400 bg-slate-100 text-slate-600 hover:bg-slate-200",
  no_show: "border-red-500 bg-red-50 text-red-950 hover:bg-red-100",
} as const;

/** "16:00–16:30": the whole visit's times, even on the part of it after midnight. */
export function visitTimes(visit: ScheduledVisit, zone: string) {
  const end = new Date(Date.parse(visit.scheduledAt) + visit.durationMinutes * 60_000);
  return `${formatInZone(visit.scheduledAt, zone, "time")}–${formatInZone(end, zone, "time")}`;
}

// One visit in a day column: placed at its start, as tall as its length on that day, and in
// its side-by-side slot when it overlaps others. Percentages of the column, so the grid's row
// height is set in one place.
export function VisitGridBlock({
  placed,
  zone,
  hours,
  byAgent = false,
}: {
  placed: PlacedVisit<ScheduledVisit>;
  zone: string;
  hours: { startHour: number; endHour: number };
  /** Everyone's calendar: coloured by its agent and naming them (the status is written out). */
  byAgent?: boolean;
}) {
  const { visit, slot, slots } = placed;
  const span = (hours.endHour - hours.startHour) * 60;
  const percent = (minutes: number) => `${(minutes / span) * 100}%`;
  const times = visitTimes(visit, zone);
  const status = visit.status === "scheduled" ? "" : VISIT_STATUS_LABELS[visit.status];
  const property = visit.propertyTitle ?? "Property removed";
  const agent = visit.agentName ?? "No agent";
  const colour = byAgent ? agentColour(visit.agentId).block : STATUS_BLOCK[visit.status];
  return (
    <Link
      href={`/visits/${visit.id}`}
      data-testid="calendar-visit"
      data-status={visit.status}
      title={[times, visit.leadName, property, visit.agentName, status].filter(Boolean).join(" · ")}
      className={`pointer-events-auto absolute overflow-hidden rounded-md border-l-4 py-0.5 ${slots > 2 ? "px-1" : "px-1.5"} text-[11px] leading-4 shadow-sm ring-1 ring-white ${colour} ${styles.focusRing}`}
      style={{
        top: percent(placed.top - hours.startHour * 60),
        height: percent(placed.bottom - placed.top),
        left: `${(slot / slots) * 100}%`,
        width: `calc(${100 / slots}% - 2px)`,
      }}
    >
      {/* Side by side, a block is too narrow for "10:00–10:30 Name": the start, then the name. */}
      <span className={slots > 1 ? "flex flex-col" : "block truncate"}>
        <time dateTime={visit.scheduledAt} className="truncate font-semibold">
          {placed.fromPreviousDay ? "(cont.) " : ""}
          {slots > 1 ? formatInZone(visit.scheduledAt, zone, "time") : times}
        </time>{" "}
        <span className={`truncate ${visit.status === "cancelled" ? "line-through" : ""}`}>{visit.leadName}</span>
      </span>
      {byAgent ? (
        <span className="block truncate font-medium" data-testid="calendar-visit-agent">
          {agent}
        </span>
      ) : null}
      <span className="block truncate">{property}</span>
      {status ? <span className="block truncate font-medium">{status}</span> : null}
    </Link>
  );
}
