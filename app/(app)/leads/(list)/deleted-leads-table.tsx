import type { DeletedLead } from "@/lib/leads/list-deleted-leads";
import { formatInZone } from "@/components/ui/format-date";
import { ActionButton } from "@/components/ui/action-button";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import { restoreLeadAction } from "../actions";

// The owners' view of soft-deleted leads. Restoring brings the lead and its whole timeline back.
export function DeletedLeadsTable({ leads, timeZone }: { leads: DeletedLead[]; timeZone: string }) {
  return (
    <DataTable
      label="Deleted leads"
      columns={[
        { label: "Name" },
        { label: "Phone", className: "hidden sm:table-cell" },
        { label: "Email", className: "hidden md:table-cell" },
        { label: "Deleted" },
        { label: "Actions", srOnly: true },
      ]}
    >
      {leads.map((lead) => (
        <tr key={lead.id} data-testid="deleted-lead-row">
          <td className={`${styles.td} font-medium text-slate-900`}>{lead.name}</td>
          <td className={`${styles.td} hidden whitespace-nowrap sm:table-cell`}>{lead.phone ?? "—"}</td>
          <td className={`${styles.td} hidden md:table-cell`}>{lead.email ?? "—"}</td>
          <td className={`${styles.td} whitespace-nowrap`}>
            <time dateTime={lead.deletedAt}>{formatInZone(lead.deletedAt, timeZone, "stamp")}</time>
          </td>
          <td className={`${styles.td} text-right`}>
            <ActionButton
              label="Restore"
              pendingLabel="Restoring…"
              ariaLabel={`Restore ${lead.name}`}
              action={restoreLeadAction}
              fields={{ leadId: lead.id }}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
