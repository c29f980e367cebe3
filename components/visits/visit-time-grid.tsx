import Link from "next/link";
import { DateTime } from "luxon";
import type { GridLayout } from "@/components/visits/calendar-layout";
import type { ScheduledVisit } from "@/lib/visits/list-visits-by-schedule";
import { styles } from "@/components/ui/styles";
import { VisitGridBlock } from "./visit-grid-block";
import { VisitGridSlots } from "./visit-grid-slots";

// Height of one hour row. A 30-minute visit is then 32 px: its time, lead and most of its
// property fit.
const HOUR_REM = 4;

const pad = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** What the calendar's two views of some days take: the grid and the phone's list of days. */
export interface VisitDaysProps {
  layout: GridLayout<ScheduledVisit>;
  /** The viewer's today (YYYY-MM-DD in `zone`). */
  today: string;
  zone: string;
  /** Each day's heading opens its day view (in the week). */
  dayLinks?: Record<string, string>;
  now?: Date;
  /** Everyone's visits: each names its agent and has the agent's colour (agent-colours.ts). */
  byAgent?: boolean;
}

// The day and week views' time grid: an hour axis, then one column per day (in the viewer's
// zone) with each visit placed at its start and sized by its length, over links that book an
// empty hour (visit-grid-slots.tsx). Server-rendered: the layout is computed by layoutVisitGrid,
// the browser only draws it.
export function VisitTimeGrid({ layout, today, zone, dayLinks, now = new Date(), byAgent }: VisitDaysProps) {
  const { startHour, endHour } = layout;
  const hours = Array.from({ length: endHour - startHour }, (_, i) => startHour + i);
  const height = `${hours.length * HOUR_REM}rem`;
  const columns = { gridTemplateColumns: `3.25rem repeat(${layout.days.length}, minmax(0, 1fr))` };
  const clock = DateTime.fromJSDate(now).setZone(zone);
  const nowMinutes = clock.hour * 60 + clock.minute - startHour * 60;
  const nowShown = nowMinutes >= 0 && nowMinutes < hours.length * 60;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="calendar-grid">
      <div className="grid border-b border-slate-200" style={columns}>
        <span aria-hidden="true" />
        {layout.days.map(({ day }) => (
          <DayHeading key={day} day={day} isToday={day === today} href={dayLinks?.[day]} />
        ))}
      </div>
      <div className="grid" style={columns}>
        <div aria-hidden="true" style={{ height }}>
          {hours.map((hour) => (
            <div
              key={hour}
              data-testid="calendar-hour"
              data-hour={pad(hour)}
              className="pr-1.5 text-right text-[11px] leading-4 text-slate-500"
              style={{ height: `${HOUR_REM}rem` }}
            >
              {pad(hour)}
            </div>
          ))}
        </div>
        {layout.days.map(({ day, visits }) => (
          <div
            key={day}
            data-testid="calendar-day"
            data-day={day}
            className={`relative border-l border-slate-200 ${day === today ? "bg-indigo-50/40" : ""}`}
            style={{ height }}
          >
            {/* Above the booking links: only the blocks take clicks (pointer-events-auto). */}
            <ol
              aria-label={`Visits on ${DateTime.fromISO(day).setLocale("en-US").toFormat("cccc d LLLL")}`}
              className="pointer-events-none absolute inset-0 z-10"
            >
              {hours.map((hour, i) => (
                <li
                  key={hour}
                  aria-hidden="true"
                  className="absolute inset-x-0 border-t border-slate-100"
                  style={{ top: `${i * HOUR_REM}rem` }}
                />
              ))}
              {visits.map((placed) => (
                <li key={placed.visit.id}>
                  <VisitGridBlock placed={placed} zone={zone} hours={layout} byAgent={byAgent} />
                </li>
              ))}
              {day === today && nowShown ? (
                <li
                  aria-hidden="true"
                  data-testid="calendar-now"
                  className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-red-500"
                  style={{ top: `${(nowMinutes / 60) * HOUR_REM}rem` }}
                />
              ) : null}
            </ol>
            <VisitGridSlots day={day} hours={hours} zone={zone} now={now} />
          </div>
        ))}
      </div>
    </div>
  );
}

function DayHeading({ day, isToday, href }: { day: string; isToday: boolean; href?: string }) {
  const date = DateTime.fromISO(day).setLocale("en-US");
  const label = date.toFormat("ccc d LLL");
  return (
    <h3
      className={`truncate border-l border-slate-200 px-2 py-2 text-center text-sm font-semibold ${isToday ? "bg-indigo-50 text-indigo-700" : "text-slate-900"}`}
      aria-current={isToday ? "date" : undefined}
      data-testid="calendar-day-heading"
    >
      {href ? (
        <Link href={href} className={`rounded-sm hover:underline ${styles.focusRing}`}>
          {label}
        </Link>
      ) : (
        label
      )}
      {isToday ? <span className="sr-only"> (today)</span> : null}
    </h3>
  );
}
