import Link from "next/link";
import { LEAD_STATUSES } from "@/lib/domain/enums";
import type { LeadStatusCounts } from "@/lib/board/count-leads-by-status";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { styles } from "@/components/ui/styles";
import { DashboardCard } from "./dashboard-card";

// The signed-in person's leads in each status; the board, filtered to them, is one click away.
export function MyLeadsByStatusCard({ counts }: { counts: LeadStatusCounts }) {
  const total = LEAD_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return (
    <DashboardCard
      id="dashboard-my-leads"
      title="My leads by status"
      count={total}
      seeAll={{ href: "/leads/board?mine=1", label: "Open my board" }}
    >
      <dl className="grid grid-cols-2 gap-px bg-slate-100 sm:grid-cols-4">
        {LEAD_STATUSES.map((status) => (
          <div key={status} className="bg-white px-4 py-3">
            <dt className="text-xs font-medium text-slate-500">{LEAD_STATUS_LABELS[status]}</dt>
            <dd className="mt-0.5 text-xl font-semibold text-slate-900" data-testid={`my-leads-${status}`}>
              {counts[status]}
            </dd>
          </div>
        ))}
      </dl>
      {total === 0 ? (
        <p className="px-5 py-3 text-sm text-slate-500">
          No lead is assigned to you yet.{" "}
          <Link href="/leads/board" className={styles.link}>
            See the team&apos;s board
          </Link>
        </p>
      ) : null}
    </DashboardCard>
  );
}
