import Link from "next/link";
import { DateTime } from "luxon";
import type { NewAssignment } from "@/lib/dashboard/list-my-new-assignments";
import { styles } from "@/components/ui/styles";
import { DashboardCard, DashboardEmpty } from "./dashboard-card";
import { sourceLabel } from "@/components/ui/source-label";

// The agent's new leads (lead routing's, or given by hand), newest first: speed to lead starts here.
export function NewAssignmentsCard({ leads, total, now }: { leads: NewAssignment[]; total: number; now: Date }) {
  return (
    <DashboardCard id="dashboard-new-assignments" title="New leads assigned to you" count={total}>
      {leads.length === 0 ? (
        <DashboardEmpty>No new lead is waiting for you.</DashboardEmpty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <li key={lead.id} className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
              <div className="min-w-0">
                <Link href={`/leads/${lead.id}`} className={`${styles.link} block truncate`}>
                  {lead.name}
                </Link>
                <p className="truncate text-slate-500">{lead.source ? sourceLabel(lead.source) : "No source"}</p>
              </div>
              <span className="shrink-0 text-xs text-slate-500">
                {DateTime.fromJSDate(lead.createdAt).toRelative({ base: DateTime.fromJSDate(now) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
