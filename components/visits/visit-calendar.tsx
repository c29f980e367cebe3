import Link from "next/link";
import { DateTime } from "luxon";
import type { CalendarRange, CalendarView } from "@/lib/visits/calendar-range";
import { dayInZone } from "@/lib/visits/calendar-range";
import type { ScheduledVisit } from "@/lib/visits/list-visits-by-schedule";
import { VISIT_STATUS_LABELS, VISIT_STATUS_TONES } from "@/lib/visits/visit-outcome";
import { formatInZone } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { styles } from "@/components/ui/styles";

// The day and week views: each day of the range (in the viewer's zone) with its visits in time
// order. A week is seven columns on a wide screen and a list of days on a phone.
export function VisitCalendar({
  view,
  range,
  visits,
  zone,
  links,
}: {
  view: CalendarView;
  range: CalendarRange;
  visits: ScheduledVisit[];
  zone: string;
  links: { previous: string; next: string; today: string };
}) {
  const byDay = new Map<string, ScheduledVisit[]>(range.days.map((day) => [day, []]));
  for (const visit of visits) byDay.get(dayInZone(visit.scheduledAt, zone))?.push(visit);
  const first = DateTime.fromISO(range.days[0]);
  const title =
    view === "day"
      ? first.setLocale("en-US").toFormat("cccc d LLLL yyyy")
      : `Week of ${first.setLocale("en-US").toFormat("d LLLL yyyy")}`;
  const unit = view === "day" ? "day" : "week";
  return (
    <section aria-labelledby="calendar-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="calendar-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <nav aria-label={`Change ${unit}`} className="flex gap-2">
          <Link href={links.previous} className={styles.secondaryButton} aria-label={`Previous ${unit}`}>
            ←
          </Link>
          <Link href={links.today} className={styles.secondaryButton}>
            Today
          </Link>
          <Link href={links.next} className={styles.secondaryButton} aria-label={`Next ${unit}`}>
            →
          </Link>
        </nav>
      </div>
      <ol className={view === "week" ? "grid gap-3 lg:grid-cols-7" : "space-y-3"}>
        {[...byDay].map(([day, dayVisits]) => (
          <li key={day} className={`${styles.card} min-w-0 p-3`} data-testid="calendar-day">
            <h3
              className={`text-sm font-semibold ${day === range.today ? "text-indigo-700" : "text-slate-900"}`}
              aria-current={day === range.today ? "date" : undefined}
            >
              {DateTime.fromISO(day)
                .setLocale("en-US")
                .toFormat(view === "week" ? "ccc d LLL" : "cccc")}
            </h3>
            {dayVisits.length === 0 ? (
              <p className="pt-2 text-xs text-slate-500">No visits</p>
            ) : (
              <ul className="space-y-2 pt-2">
                {dayVisits.map((visit) => (
                  <CalendarEntry key={visit.id} visit={visit} zone={zone} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function CalendarEntry({ visit, zone }: { visit: ScheduledVisit; zone: string }) {
  const end = new Date(Date.parse(visit.scheduledAt) + visit.durationMinutes * 60_000);
  return (
    <li className="rounded-md border border-slate-200 p-2 text-sm" data-testid="calendar-visit">
      <Link href={`/visits/${visit.id}`} className={`${styles.link} block break-words`}>
        <time dateTime={visit.scheduledAt}>{formatInZone(visit.scheduledAt, zone, "time")}</time>–
        {formatInZone(end, zone, "time")} · {visit.leadName}
      </Link>
      <span className="block truncate text-xs text-slate-600">
        {visit.propertyTitle ?? "Property removed"}
        {visit.agentName ? ` · ${visit.agentName}` : ""}
      </span>
      {visit.status === "scheduled" ? null : (
        <Badge tone={VISIT_STATUS_TONES[visit.status]}>{VISIT_STATUS_LABELS[visit.status]}</Badge>
      )}
    </li>
  );
}
