import Link from "next/link";
import type { PublicLead } from "@/lib/leads/public-lead";
import { LEAD_STATUS_LABELS, LEAD_STATUS_TONES } from "@/lib/leads/lead-labels";
import { formatDate } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";

// The live leads. On a phone the name, status and phone stay; the rest appear as room allows.
export function LeadsTable({ leads, memberNames }: { leads: PublicLead[]; memberNames: Map<string, string> }) {
  return (
    <DataTable
      label="Leads"
      columns={[
        { label: "Name" },
        { label: "Status" },
        { label: "Phone", className: "hidden sm:table-cell" },
        { label: "Email", className: "hidden md:table-cell" },
        { label: "Source", className: "hidden lg:table-cell" },
        { label: "Assigned to", className: "hidden lg:table-cell" },
        { label: "Created", className: "hidden md:table-cell" },
      ]}
    >
      {leads.map((lead) => (
        <tr key={lead.id} data-testid="lead-row" className="hover:bg-slate-50">
          <td className={`${styles.td} font-medium text-slate-900`}>
            <Link href={`/leads/${lead.id}`} className={styles.link}>
              {lead.name}
            </Link>
            {lead.phone ? (
              <span className="block text-xs font-normal text-slate-500 sm:hidden">{lead.phone}</span>
            ) : null}
          </td>
          <td className={styles.td}>
            <Badge tone={LEAD_STATUS_TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
          </td>
          <td className={`${styles.td} hidden whitespace-nowrap sm:table-cell`}>{lead.phone ?? <Missing />}</td>
          <td className={`${styles.td} hidden md:table-cell`}>{lead.email ?? <Missing />}</td>
          <td className={`${styles.td} hidden lg:table-cell`}>{lead.source ?? <Missing />}</td>
          <td className={`${styles.td} hidden lg:table-cell`}>
            {lead.assignedTo ? (
              (memberNames.get(lead.assignedTo) ?? "Former member")
            ) : (
              <span className="text-slate-500">Unassigned</span>
            )}
          </td>
          <td className={`${styles.td} hidden whitespace-nowrap md:table-cell`}>
            <time dateTime={lead.createdAt}>{formatDate(new Date(lead.createdAt))}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function Missing() {
  return (
    <span className="text-slate-400" aria-label="none">
      —
    </span>
  );
}
