import type { DailyRequestCount } from "@/lib/request-logs/count-requests-per-day";
import { formatCount, formatDay, plural } from "./format-usage";

// Requests per day as CSS bars, rendered on the server: 30 bars do not need a chart library
// or any client JavaScript. Each bar stacks successes, 4xx and 5xx; every day is a list item
// with its numbers in words, so a screen reader gets the same data as the picture. Days are the
// viewer's (midnight to midnight in their zone), and the caption names the zone.
export function UsageChart({ days, timeZone }: { days: DailyRequestCount[]; timeZone: string }) {
  const max = Math.max(1, ...days.map((d) => d.total));
  const height = (n: number) => `${(n / max) * 100}%`;
  return (
    <figure className="space-y-2">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-900">
          Requests per day, last {days.length} days ({timeZone})
        </span>
        <span className="text-xs text-slate-500" aria-hidden="true">
          max {formatCount(max)}
        </span>
      </figcaption>
      <ol className="flex h-40 items-end gap-0.5 border-b border-slate-300 sm:gap-1" aria-label="Requests per day">
        {days.map((day, i) => {
          const today = i === days.length - 1;
          const ok = day.total - day.clientErrors - day.serverErrors;
          const label = `${today ? "Today, " : ""}${formatDay(day.day)}: ${plural(day.total, "request", "requests")}, ${formatCount(day.clientErrors)} 4xx (${formatCount(day.rateLimited)} 429), ${formatCount(day.serverErrors)} 5xx`;
          return (
            <li
              key={day.day}
              data-testid="usage-day"
              data-day={day.day}
              data-total={day.total}
              data-today={today ? "" : undefined}
              title={label}
              className="flex h-full min-w-0 flex-1 flex-col justify-end rounded-t-sm hover:bg-slate-100"
            >
              <span className="sr-only">{label}</span>
              {day.total === 0 ? null : (
                <span
                  aria-hidden="true"
                  className="flex w-full flex-col overflow-hidden rounded-t-sm"
                  style={{ height: height(day.total), minHeight: "2px" }}
                >
                  <span className="bg-red-500" style={{ flexGrow: day.serverErrors }} />
                  <span className="bg-amber-400" style={{ flexGrow: day.clientErrors }} />
                  <span className={today ? "bg-indigo-700" : "bg-indigo-500"} style={{ flexGrow: ok }} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{days.length > 0 ? formatDay(days[0].day) : null}</span>
        <span>Today</span>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-indigo-500" /> 2xx
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-amber-400" /> 4xx (incl. 429)
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-red-500" /> 5xx
        </li>
      </ul>
    </figure>
  );
}
