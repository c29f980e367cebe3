import type { DeletedLead } from "@/lib/leads/list-deleted-leads";
import { formatDateTime } from "@/lib/ui/format-date";
import { ActionButton } from "@/components/ui/action-button";
import { styles } from "@/components/ui/styles";
import { restoreLeadAction } from "./actions";

// The owners' view of soft-deleted leads. Restoring brings the lead and its whole timeline back.
export function DeletedLeadsTable({ leads }: { leads: DeletedLead[] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className={styles.table} aria-label="Deleted leads">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={styles.th}>Name</th>
            <th scope="col" className={`${styles.th} hidden sm:table-cell`}>Phone</th>
            <th scope="col" className={`${styles.th} hidden md:table-cell`}>Email</th>
            <th scope="col" className={styles.th}>Deleted</th>
            <th scope="col" className={styles.th}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <tr key={lead.id} data-testid="deleted-lead-row">
              <td className={`${styles.td} font-medium text-slate-900`}>{lead.name}</td>
              <td className={`${styles.td} hidden whitespace-nowrap sm:table-cell`}>{lead.phone ?? "—"}</td>
              <td className={`${styles.td} hidden md:table-cell`}>{lead.email ?? "—"}</td>
              <td className={`${styles.td} whitespace-nowrap`}>
                <time dateTime={lead.deletedAt}>{formatDateTime(new Date(lead.deletedAt))}</time>
              </td>
              <td className={`${styles.td} text-right`}>
                <ActionButton label="Restore" pendingLabel="Restoring…" ariaLabel={`Restore ${lead.name}`} action={restoreLeadAction} fields={{ leadId: lead.id }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
