import { VISIT_STATUSES } from "@/lib/domain/enums";
import { visitStatusSchema } from "@/lib/schemas/visits";
import { hrefWith, pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { dayStart, endOfDay } from "@/lib/query/date-filter";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { getPublicPropertyOrThrow } from "@/lib/properties/get-property-or-throw";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { orNotFound } from "@/app/(app)/_shared/or-not-found";
import { VISIT_STATUS_LABELS } from "@/lib/visits/visit-outcome";
import { VisitsTable } from "@/components/visits/visits-table";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { Pager } from "@/components/ui/pager";
import { SelectField } from "@/components/ui/select-field";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";
import Link from "next/link";
import { setVisitStatusAction } from "./actions";

const PAGE_SIZE = 25;
const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  ...VISIT_STATUSES.map((s) => ({ value: s, label: VISIT_STATUS_LABELS[s] })),
];

// The visits page's list views, soonest first. "From" and "To" are whole days in the viewer's
// zone, read as the leads list and the audit log read theirs (lib/query/date-filter.ts); with no filter at all the list opens on what is coming up, from today on.
// `propertyId` (the property page's "See all visits") keeps one property's visits, with a way out.
export async function VisitsList({
  params,
  zone,
  today,
  untouched,
  accountId,
  agentId,
  mine,
}: {
  params: Record<string, string | undefined>;
  zone: string;
  today: string;
  untouched: boolean;
  accountId: string;
  agentId?: string;
  mine?: string;
}) {
  const position = readPagePosition(params);
  const status = visitStatusSchema.safeParse(params.status).data;
  const fromDay = dayStart(untouched ? today : params.from, zone);
  const toDay = dayStart(params.to, zone);
  const property = params.propertyId
    ? await orNotFound(getPublicPropertyOrThrow(accountId, params.propertyId))
    : undefined;
  const filters = {
    propertyId: property?.id,
    status,
    from: fromDay && !untouched ? params.from : undefined,
    to: toDay ? params.to : undefined,
    all: params.all ? "1" : undefined,
    mine,
  };
  const page = await loadListPage(
    listVisitsBySchedule(accountId, {
      status,
      from: fromDay?.toJSDate(),
      to: toDay && endOfDay(toDay),
      agentId,
      propertyId: property?.id,
      order: "asc",
      limit: PAGE_SIZE,
      cursor: position.cursor,
    }),
  );
  return (
    <>
      {property ? (
        <p className="text-sm text-slate-600" data-testid="visits-property-filter">
          Visits at{" "}
          <Link href={`/properties/${property.id}`} className={styles.link}>
            {property.title}
          </Link>{" "}
          only.{" "}
          <Link href={hrefWith("/visits", { ...filters, propertyId: undefined })} className={styles.link}>
            Show every property&apos;s
          </Link>
        </p>
      ) : null}
      <FilterBar
        action="/visits"
        label="Filter visits"
        hidden={{ all: "1", ...(mine ? { mine } : {}), ...(property ? { propertyId: property.id } : {}) }}
        clearHref={untouched ? undefined : hrefWith("/visits", { mine })}
      >
        <div className="sm:w-44">
          <SelectField
            label="Status"
            name="status"
            options={STATUS_OPTIONS}
            defaultValue={status ?? ""}
            idPrefix="filter"
          />
        </div>
        <div className="sm:w-44">
          <TextField label="From" name="from" type="date" defaultValue={filters.from} idPrefix="filter" />
        </div>
        <div className="sm:w-44">
          <TextField label="To" name="to" type="date" defaultValue={filters.to} idPrefix="filter" />
        </div>
      </FilterBar>
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/visits", filters)} />
        ) : page.data.length === 0 ? (
          <EmptyState title={untouched ? "No upcoming visits" : "No visits match these filters"}>
            {untouched ? "Book one with “Book a visit”, or from a lead's page." : "Try other dates or another status."}
          </EmptyState>
        ) : (
          <>
            <VisitsTable visits={page.data} zone={zone} action={setVisitStatusAction} />
            <Pager
              label="Visits"
              links={pagerLinks("/visits", filters, position, page.meta)}
              shown={page.data.length}
            />
          </>
        )}
      </section>
    </>
  );
}
