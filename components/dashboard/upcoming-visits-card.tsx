import Link from "next/link";
import type { DashboardVisit, MyUpcomingVisits } from "@/lib/dashboard/list-my-upcoming-visits";
import { formatInZone, zoneAbbreviation } from "@/components/ui/format-date";
import { styles } from "@/components/ui/styles";
import { DashboardCard, DashboardEmpty } from "./dashboard-card";

// The agent's visits today and tomorrow, in their own zone with the zone named ("10:00 EST").
export function UpcomingVisitsCard({ visits, timeZone }: { visits: MyUpcomingVisits; timeZone: string }) {
  return (
    <DashboardCard
      id="dashboard-visits"
      title="Your visits"
      count={visits.today.length + visits.tomorrow.length}
      seeAll={{ href: "/visits", label: "All visits" }}
    >
      <VisitDay label="Today" visits={visits.today} timeZone={timeZone} empty="No visits today." />
      <VisitDay label="Tomorrow" visits={visits.tomorrow} timeZone={timeZone} empty="No visits tomorrow." />
    </DashboardCard>
  );
}

function VisitDay({
  label,
  visits,
  timeZone,
  empty,
}: {
  label: string;
  visits: DashboardVisit[];
  timeZone: string;
  empty: string;
}) {
  return (
    <div>
      <h3 className="bg-slate-50 px-5 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</h3>
      {visits.length === 0 ? (
        <DashboardEmpty>{empty}</DashboardEmpty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {visits.map((visit) => (
            <li key={visit.id} className="flex items-start gap-4 px-5 py-3 text-sm" data-testid="dashboard-visit">
              {/* The time opens the visit (reschedule, cancel, outcome); the name opens the lead. */}
              <Link href={`/visits/${visit.id}`} className={`${styles.link} w-24 shrink-0`}>
                <time dateTime={visit.scheduledAt.toISOString()}>
                  {formatInZone(visit.scheduledAt, timeZone, "time")}{" "}
                  <span className="text-xs font-normal text-slate-500">
                    {zoneAbbreviation(timeZone, visit.scheduledAt)}
                  </span>
                </time>
              </Link>
              <div className="min-w-0">
                <Link href={`/leads/${visit.leadId}`} className={`${styles.link} block truncate`}>
                  {visit.leadName}
                </Link>
                <p className="truncate text-slate-500">
                  {visit.propertyTitle ?? "No property"} · {visit.durationMinutes} min
                  {visit.status !== "scheduled" ? ` · ${visit.status === "no_show" ? "No-show" : "Completed"}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
