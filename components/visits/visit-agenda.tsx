import Link from "next/link";
import { DateTime } from "luxon";
import { daySlot, slotParam } from "@/components/visits/booking-slot";
import { hrefWith } from "@/components/ui/cursor-pager";
import { VISIT_STATUS_LABELS, VISIT_STATUS_TONES } from "@/lib/visits/visit-outcome";
import { Badge } from "@/components/ui/badge";
import { styles } from "@/components/ui/styles";
import { agentColour } from "./agent-colours";
import { visitTimes } from "./visit-grid-block";
import type { VisitDaysProps } from "./visit-time-grid";

// The week on a phone, where seven time columns cannot fit: each day (in the viewer's zone) as a
// card listing its visits in time order. Same layout as the grid, so a visit crossing midnight
// shows on both of its days here too. Each day still to come has its own "Book a visit" (the
// grid's empty hours do that on a wide screen).
export function VisitAgenda({
  layout,
  today,
  zone,
  dayLinks,
  now = new Date(),
  byAgent,
}: VisitDaysProps & {
  /** Always here: a day's view is the time grid, which fits a phone. */
  dayLinks: Record<string, string>;
}) {
  return (
    <ol className="space-y-3" data-testid="calendar-agenda">
      {layout.days.map(({ day, visits }) => (
        <li key={day} className={`${styles.card} min-w-0 p-3`} data-testid="agenda-day" data-day={day}>
          <div className="flex items-center justify-between gap-2">
            <h3
              className={`text-sm font-semibold ${day === today ? "text-indigo-700" : "text-slate-900"}`}
              aria-current={day === today ? "date" : undefined}
            >
              <Link href={dayLinks[day]} className={`rounded-sm hover:underline ${styles.focusRing}`}>
                {dayName(day)}
                {day === today ? " · Today" : ""}
              </Link>
            </h3>
            <BookDayLink day={day} zone={zone} now={now} />
          </div>
          {visits.length === 0 ? (
            <p className="pt-2 text-xs text-slate-500">No visits</p>
          ) : (
            <ul className="space-y-2 pt-2">
              {visits.map(({ visit }) => (
                <li
                  key={visit.id}
                  className="rounded-md border border-slate-200 p-2 text-sm"
                  data-testid="agenda-visit"
                >
                  <Link href={`/visits/${visit.id}`} className={`${styles.link} block break-words`}>
                    <time dateTime={visit.scheduledAt}>{visitTimes(visit, zone)}</time> · {visit.leadName}
                  </Link>
                  <span className="flex min-w-0 items-center gap-1.5 text-xs text-slate-600">
                    {byAgent ? (
                      <span
                        aria-hidden="true"
                        className={`size-2 shrink-0 rounded-full ${agentColour(visit.agentId).swatch}`}
                      />
                    ) : null}
                    <span className="truncate">
                      {visit.propertyTitle ?? "Property removed"}
                      {visit.agentName ? ` · ${visit.agentName}` : byAgent ? " · No agent" : ""}
                    </span>
                  </span>
                  {visit.status === "scheduled" ? null : (
                    <Badge tone={VISIT_STATUS_TONES[visit.status]}>{VISIT_STATUS_LABELS[visit.status]}</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

const dayName = (day: string) => DateTime.fromISO(day).setLocale("en-US").toFormat("cccc d LLL");

/** The booking form on that day (daySlot: 10:00, or today's next hour); none for a past day. */
function BookDayLink({ day, zone, now }: { day: string; zone: string; now: Date }) {
  const slot = daySlot(day, zone, now);
  if (!slot) return null;
  return (
    <Link
      href={hrefWith("/visits/new", { at: slotParam(slot) })}
      className={`${styles.smallButton} shrink-0`}
      aria-label={`Book a visit on ${dayName(day)}`}
    >
      Book a visit
    </Link>
  );
}
