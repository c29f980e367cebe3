import Link from "next/link";
import type { PublicLead } from "@/lib/leads/public-lead";
import { LEAD_STATUS_LABELS, LEAD_STATUS_TONES } from "@/lib/leads/lead-labels";
import type { ListSort } from "@/lib/schemas/common";
import { LEAD_FIELDS } from "@/lib/schemas/lead-fields";
import { formatInZone } from "@/components/ui/format-date";
import { formatPhone } from "@/components/ui/format-phone";
import { Badge } from "@/components/ui/badge";
import { styles } from "@/components/ui/styles";
import { NameSortHeader, SortHeader, SortLink } from "./sort-header";
import { PageCheckbox, RowCheckbox } from "./bulk-selection";
import { sourceLabel } from "@/components/ui/source-label";

// The live leads. Its own table (not components/ui/data-table.tsx) because its headers hold sort
// links: Name, and the date column's Created and Updated (the column shows the sorted-by date; a
// column each would not fit the page's width); on a phone each lead is a card. Phones in the account's
// country read as dialled there (formatPhone); dates are days in the viewer's zone. Columns are
// named by their fields' labels in the lead field registry (lib/schemas/lead-fields.ts).
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
  sort: ListSort;
  sortHref: (sort: ListSort) => string;
}) {
  const byUpdated = sort.endsWith("updatedAt");
  const phoneOf = (lead: PublicLead) => (lead.phone ? formatPhone(lead.phone, country) : null);
  return (
    <>
      {/* Below 768 px the date column's header is hidden (on a phone the rows are cards with no
          header): its sort links sit above the rows. */}
      <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-2 text-xs text-slate-500 md:hidden">
        {/* On a phone the header row is hidden: its "select the page" box sits here. */}
        <span className="flex sm:hidden">
          <PageCheckbox />
        </span>
        <span>Sort by</span>
        <SortLink field="name" sort={sort} sortHref={sortHref} />
        <SortLink field="createdAt" sort={sort} sortHref={sortHref} />
        <SortLink field="updatedAt" sort={sort} sortHref={sortHref} />
      </div>
      <div className="overflow-x-auto">
        <table className={`${styles.table} max-sm:block`} aria-label="Leads">
          <thead className="hidden bg-slate-50 sm:table-header-group">
            <tr>
              <th scope="col" className={`${styles.th} w-10 pr-0`}>
                <PageCheckbox />
              </th>
              <NameSortHeader sort={sort} sortHref={sortHref} />
              <th scope="col" className={styles.th}>
                {LEAD_FIELDS.status.label}
              </th>
              <th scope="col" className={`${styles.th} hidden sm:table-cell`}>
                {LEAD_FIELDS.phone.label}
              </th>
              <th scope="col" className={`${styles.th} hidden md:table-cell`}>
                {LEAD_FIELDS.email.label}
              </th>
              <th scope="col" className={`${styles.th} hidden lg:table-cell`}>
                {LEAD_FIELDS.source.label}
              </th>
              <th scope="col" className={`${styles.th} hidden lg:table-cell`}>
                {LEAD_FIELDS.assignedTo.label}
              </th>
              <SortHeader sort={sort} sortHref={sortHref} className="hidden md:table-cell" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {leads.map((lead) => {
              const date = byUpdated ? lead.updatedAt : lead.createdAt;
              return (
                <tr
                  key={lead.id}
                  data-testid="lead-row"
                  className="hover:bg-slate-50 max-sm:block max-sm:px-4 max-sm:py-3"
                >
                  {/* On a phone the box floats beside the card's lines. */}
                  <td className={`${styles.td} w-10 pr-0 max-sm:float-left max-sm:p-0 max-sm:pr-3 max-sm:pt-0.5`}>
                    <RowCheckbox leadId={lead.id} name={lead.name} />
                  </td>
                  <td className={`${styles.td} ${CARD_CELL} font-medium text-slate-900`}>
                    <Link href={`/leads/${lead.id}`} className={styles.link}>
                      {lead.name}
                    </Link>
                  </td>
                  <td className={`${styles.td} ${CARD_CELL} max-sm:pb-1`}>
                    <Badge tone={LEAD_STATUS_TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
                  </td>
                  <td className={`${styles.td} ${CARD_CELL} hidden whitespace-nowrap sm:table-cell`}>
                    <CardLabel>{LEAD_FIELDS.phone.label}</CardLabel>
                    {phoneOf(lead) ?? <Missing />}
                  </td>
                  <td className={`${styles.td} ${CARD_CELL} hidden md:table-cell`}>
                    <CardLabel>{LEAD_FIELDS.email.label}</CardLabel>
                    {lead.email ?? <Missing />}
                  </td>
                  <td className={`${styles.td} ${CARD_CELL} hidden lg:table-cell`}>
                    <CardLabel>{LEAD_FIELDS.source.label}</CardLabel>
                    {lead.source ? <span title={lead.source}>{sourceLabel(lead.source)}</span> : <Missing />}
                  </td>
                  <td className={`${styles.td} ${CARD_CELL} hidden lg:table-cell`}>
                    <CardLabel>{LEAD_FIELDS.assignedTo.label}</CardLabel>
                    {lead.assignedTo ? (
                      (memberNames.get(lead.assignedTo) ?? "Former member")
                    ) : (
                      <span className="text-slate-500">Unassigned</span>
                    )}
                  </td>
                  <td className={`${styles.td} ${CARD_CELL} hidden whitespace-nowrap md:table-cell`}>
                    <CardLabel>{LEAD_FIELDS[byUpdated ? "updatedAt" : "createdAt"].label}</CardLabel>
                    <time dateTime={date}>{formatInZone(date, timeZone, "date")}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

// Below 640 px each row is a card: its cells stack, each but the name and status with its
// column's name (the header row is hidden there). From 640 px up it is the table again.
const CARD_CELL = "max-sm:block max-sm:px-0 max-sm:py-0.5";

function CardLabel({ children }: { children: string }) {
  return <span className="mr-1 text-xs font-medium text-slate-500 sm:hidden">{children}:</span>;
}

function Missing() {
  return (
    <span className="text-slate-400" aria-label="none">
      —
    </span>
  );
}
