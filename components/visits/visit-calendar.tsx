import Link from "next/link";
import { DateTime } from "luxon";
import type { CalendarRange, CalendarView } from "@/lib/visits/calendar-range";
import { layoutVisitGrid } from "@/components/visits/calendar-layout";
import type { ScheduledVisit } from "@/lib/visits/list-visits-by-schedule";
import { zoneAbbreviation, zoneLabel } from "@/components/ui/format-date";
import { styles } from "@/components/ui/styles";
import { agentColour } from "./agent-colours";
import { VisitAgenda } from "./visit-agenda";
import { VisitTimeGrid } from "./visit-time-grid";

// The day and week views: a time grid (hours down, days across, in the viewer's zone). A week's
// seven columns need a wide screen: below `lg` the week is a list of days instead; a day's one
// column fits a phone.
export function VisitCalendar({
  view,
  range,
  visits,
  zone,
  links,
  byAgent = false,
}: {
  view: CalendarView;
  range: CalendarRange;
  visits: ScheduledVisit[];
  zone: string;
  /** Everyone's visits: each names its agent, in the agent's colour, with a key of the colours. */
  byAgent?: boolean;
  /** `days`: each day's own day view, linked from its heading in the week. */
  links: { previous: string; next: string; today: string; days: Record<string, string> };
}) {
  const layout = layoutVisitGrid(range.days, visits, zone);
  const first = DateTime.fromISO(range.days[0]).setLocale("en-US");
  const title = view === "day" ? first.toFormat("cccc d LLLL yyyy") : `Week of ${first.toFormat("d LLLL yyyy")}`;
  const unit = view === "day" ? "day" : "week";
  const dayLinks = view === "week" ? links.days : undefined;
  const grid = <VisitTimeGrid layout={layout} today={range.today} zone={zone} dayLinks={dayLinks} byAgent={byAgent} />;
  return (
    <section aria-labelledby="calendar-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 id="calendar-title" className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-xs text-slate-500" data-testid="calendar-zone">
            Times in {zoneLabel(zone)}, {zoneNames(range, zone)}
          </p>
        </div>
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
      {byAgent ? <AgentKey visits={visits} /> : null}
      {view === "day" ? (
        grid
      ) : (
        <>
          <div className="hidden lg:block">{grid}</div>
          <div className="lg:hidden">
            <VisitAgenda layout={layout} today={range.today} zone={zone} dayLinks={links.days} byAgent={byAgent} />
          </div>
        </>
      )}
    </section>
  );
}

/** "EST", or "EDT → EST" for a range in which the clocks change. */
function zoneNames(range: CalendarRange, zone: string) {
  const first = zoneAbbreviation(zone, range.from);
  const last = zoneAbbreviation(zone, new Date(range.to.getTime() - 1));
  return first === last ? first : `${first} → ${last}`;
}

/** Whose colour is whose: the agents with a visit in the range, by name. */
function AgentKey({ visits }: { visits: ScheduledVisit[] }) {
  const agents = new Map<string | null, string>();
  for (const visit of visits) agents.set(visit.agentId, visit.agentName ?? "No agent");
  if (!agents.size) return null;
  const sorted = [...agents].sort(([a, x], [b, y]) => (a === null ? 1 : b === null ? -1 : x.localeCompare(y)));
  return (
    <ul aria-label="Agents" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" data-testid="agent-key">
      {sorted.map(([agentId, name]) => (
        <li key={agentId ?? "none"} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`size-2.5 rounded-full ${agentColour(agentId).swatch}`} />
          {name}
        </li>
      ))}
    </ul>
  );
}
