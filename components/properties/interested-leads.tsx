import Link from "next/link";
import type { InterestedLead } from "@/lib/properties/list-interested-leads";
import { LEAD_STATUS_LABELS, LEAD_STATUS_TONES } from "@/lib/leads/lead-labels";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { styles } from "@/components/ui/styles";

const visitsWord = (n: number) => (n === 1 ? "1 visit" : `${n.toLocaleString("en-US")} visits`);

// The property page's leads: who wants this listing (its lead's property of interest) or has
// seen it (a visit), each with their status and who works them, linking to the lead's page.
export function InterestedLeads({ leads, hasMore }: { leads: InterestedLead[]; hasMore: boolean }) {
  if (!leads.length)
    return (
      <EmptyState title="No interested leads yet">
        Leads show up here once this is their property of interest, or once they have a visit booked here.
      </EmptyState>
    );
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Interested leads">
        {leads.map((lead) => (
          <li key={lead.id} className="flex items-start justify-between gap-3 px-5 py-3">
            <div className="min-w-0">
              <Link href={`/leads/${lead.id}`} className={`${styles.link} block truncate`}>
                {lead.name}
              </Link>
              <p className="text-xs text-slate-500">
                {[
                  lead.interested ? "Interested" : null,
                  lead.visits ? visitsWord(lead.visits) : null,
                  lead.assigneeName ? `Assigned to ${lead.assigneeName}` : "Unassigned",
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <Badge tone={LEAD_STATUS_TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500">
          The {leads.length} most recently worked are shown.
        </p>
      ) : null}
    </>
  );
}
