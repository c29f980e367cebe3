import { VISIT_STATUSES } from "@/lib/domain/enums";
import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "@/lib/auth/get-current-member";
import { visitStatusSchema } from "@/lib/schemas/visits";
import { hrefWith, pagerLinks, readPagePosition } from "@/lib/ui/cursor-pager";
import { endOfDay, parseDay, today } from "@/lib/ui/date-filter";
import { loadListPage } from "@/lib/ui/load-list-page";
import { singleParams, type RawSearchParams } from "@/lib/ui/search-params";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { VISIT_STATUS_LABELS } from "@/lib/visits/visit-outcome";
import { VisitsTable } from "@/components/visits/visits-table";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { SelectField } from "@/components/ui/select-field";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";
import { setVisitStatusAction } from "./actions";

export const metadata: Metadata = { title: "Visits" };

const PAGE_SIZE = 25;
const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  ...VISIT_STATUSES.map((s) => ({ value: s, label: VISIT_STATUS_LABELS[s] })),
];

export default async function VisitsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const position = readPagePosition(params);
  const status = visitStatusSchema.safeParse(params.status).data;
  const to = parseDay(params.to);
  // With no filter at all the page opens on what is coming up, from today on.
  const untouched = !params.all && !status && !params.from && !to;
  const from = untouched ? parseDay(today()) : parseDay(params.from);
  const filters = {
    status,
    from: from?.toISOString().slice(0, 10),
    to: to?.toISOString().slice(0, 10),
    all: params.all ? "1" : undefined,
  };
  const page = await loadListPage(
    listVisitsBySchedule(member.accountId, {
      status,
      from,
      to: to && endOfDay(to),
      order: "asc",
      limit: PAGE_SIZE,
      cursor: position.cursor,
    }),
  );

  const views = [
    { label: "Upcoming", href: "/visits", current: untouched },
    {
      label: "Awaiting outcome",
      href: hrefWith("/visits", { status: "scheduled", to: today() }),
      current: status === "scheduled" && filters.to === today() && !filters.from,
    },
    { label: "All visits", href: "/visits?all=1", current: Boolean(params.all) && !status && !from && !to },
  ];
  return (
    <div className="space-y-5">
      <PageHeader
        title="Visits"
        description="Viewings with your leads, soonest first. Record how each went: completed, cancelled or no-show. Times are in UTC."
      />
      <nav aria-label="Visit views" className="flex flex-wrap gap-2">
        {views.map((view) => (
          <Link
            key={view.label}
            href={view.href}
            aria-current={view.current ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${view.current ? "bg-indigo-50 text-indigo-700 ring-indigo-200" : "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50"} ${styles.focusRing}`}
          >
            {view.label}
          </Link>
        ))}
      </nav>
      <FilterBar
        action="/visits"
        label="Filter visits"
        hidden={{ all: "1" }}
        clearHref={untouched ? undefined : "/visits"}
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
            {untouched
              ? "Visits booked through the API or your booking tools appear here."
              : "Try other dates or another status."}
          </EmptyState>
        ) : (
          <>
            <VisitsTable visits={page.data} action={setVisitStatusAction} />
            <Pager
              label="Visits"
              links={pagerLinks("/visits", filters, position, page.meta)}
              shown={page.data.length}
            />
          </>
        )}
      </section>
    </div>
  );
}
