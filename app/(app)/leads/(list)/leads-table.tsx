import Link from "next/link";
import type { PublicLead } from "@/lib/leads/public-lead";
import { LEAD_STATUS_LABELS, LEAD_STATUS_TONES } from "@/lib/leads/lead-labels";
import type { Sort } from "@/lib/schemas/common";
import { formatInZone } from "@/lib/ui/format-date";
import { formatPhone } from "@/lib/ui/format-phone";
import { Badge } from "@/components/ui/badge";
import { styles } from "@/components/ui/styles";
import { SortHeader } from "./sort-header";

// The live leads. Its own table (not components/ui/data-table.tsx) because two headers are sort
// links. On a phone the name, status and phone stay; the rest appear as room allows. Phones in
// the account's country read as dialled there (formatPhone); dates in the viewer's zone.
export function LeadsTable({
  leads,
  memberNames,
  country,
  timeZone,
  sort,
  sortHref,
}: {
  leads: PublicLead[];
  memberNames: Map<string, string>;
  country: string;
  timeZone: string;
  sort: Sort;
  sortHref: (sort: Sort) => string;
}) {
  const phoneOf = (lead: PublicLead) => (lead.phone ? formatPhone(lead.phone, country) : null);
  return (
    <div className="relative overflow-x-auto">
      <table className={styles.table} aria-label="Leads">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={styles.th}>
              Name
            </th>
            <th scope="col" className={styles.th}>
              Status
            </th>
            <th scope="col" className={`${styles.th} hidden sm:table-cell`}>
              Phone
            </th>
            <th scope="col" className={`${styles.th} hidden md:table-cell`}>
              Email
            </th>
            <th scope="col" className={`${styles.th} hidden lg:table-cell`}>
              Source
            </th>
            <th scope="col" className={`${styles.th} hidden lg:table-cell`}>
              Assigned to
            </th>
            <SortHeader
              label="Created"
              field="createdAt"
              sort={sort}
              sortHref={sortHref}
              className="hidden md:table-cell"
            />
            <SortHeader
              label="Updated"
              field="updatedAt"
              sort={sort}
              sortHref={sortHref}
              className="hidden xl:table-cell"
            />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <tr key={lead.id} data-testid="lead-row" className="hover:bg-slate-50">
              <td className={`${styles.td} font-medium text-slate-900`}>
                <Link href={`/leads/${lead.id}`} className={styles.link}>
                  {lead.name}
                </Link>
                {lead.phone ? (
                  <span className="block text-xs font-normal text-slate-500 sm:hidden">{phoneOf(lead)}</span>
                ) : null}
              </td>
              <td className={styles.td}>
                <Badge tone={LEAD_STATUS_TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
              </td>
              <td className={`${styles.td} hidden whitespace-nowrap sm:table-cell`}>{phoneOf(lead) ?? <Missing />}</td>
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
                <time dateTime={lead.createdAt}>{formatInZone(lead.createdAt, timeZone, "date")}</time>
              </td>
              <td className={`${styles.td} hidden whitespace-nowrap xl:table-cell`}>
                <time dateTime={lead.updatedAt}>{formatInZone(lead.updatedAt, timeZone, "date")}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Missing() {
  return (
    <span className="text-slate-400" aria-label="none">
      —
    </span>
  );
}
