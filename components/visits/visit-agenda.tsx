import Link from "next/link";
import { DateTime } from "luxon";
import type { GridLayout } from "@/lib/visits/calendar-layout";
import type { ScheduledVisit } from "@/lib/visits/list-visits-by-schedule";
import { VISIT_STATUS_LABELS, VISIT_STATUS_TONES } from "@/lib/visits/visit-outcome";
import { Badge } from "@/components/ui/badge";
import { styles } from "@/components/ui/styles";
import { visitTimes } from "./visit-grid-block";

// The week on a phone, where seven time columns cannot fit: each day (in the viewer's zone) as a
// card listing its visits in time order. Same layout as the grid, so a visit crossing midnight
// shows on both of its days here too.
export function VisitAgenda({
  layout,
  today,
  zone,
  dayLinks,
}: {
  layout: GridLayout<ScheduledVisit>;
  today: string;
  zone: string;
  /** Each day's heading opens its day view (the time grid, which fits a phone). */
  dayLinks: Record<string, string>;
}) {
  return (
    <ol className="space-y-3" data-testid="calendar-agenda">
      {layout.days.map(({ day, visits }) => (
        <li key={day} className={`${styles.card} min-w-0 p-3`} data-testid="agenda-day" data-day={day}>
          <h3
            className={`text-sm font-semibold ${day === today ? "text-indigo-700" : "text-slate-900"}`}
            aria-current={day === today ? "date" : undefined}
          >
            <Link href={dayLinks[day]} className={`rounded-sm hover:underline ${styles.focusRing}`}>
              {DateTime.fromISO(day).setLocale("en-US").toFormat("cccc d LLL")}
              {day === today ? " · Today" : ""}
            </Link>
          </h3>
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
                  <span className="block truncate text-xs text-slate-600">
                    {visit.propertyTitle ?? "Property removed"}
                    {visit.agentName ? ` · ${visit.agentName}` : ""}
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
