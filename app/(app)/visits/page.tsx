import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { requireMember } from "@/lib/auth/get-current-member";
import { zoneLabel } from "@/components/ui/format-date";
import { hrefWith } from "@/components/ui/cursor-pager";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { CALENDAR_VIEWS, calendarRange, type CalendarView } from "@/lib/visits/calendar-range";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { VisitCalendar } from "@/components/visits/visit-calendar";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { VisitsList } from "./visits-list";
import { ViewsNav } from "./views-nav";

export const metadata: Metadata = { title: "Visits" };

// A week of a busy agency fits; more is said, never silently cut.
const CALENDAR_LIMIT = 500;
// The longest visit the API books (lib/schemas/visits.ts): a visit that started this long
// before the range can still run into its first day, and the grid shows that part.
const LONGEST_VISIT_MS = 480 * 60_000;

// Visits as lists (upcoming, awaiting an outcome, all) or as a day or week, for everyone or
// only mine (`mine=1`), every time in the viewer's zone. View, day and who are in the URL.
//
// Its skeleton is a Suspense boundary here, not a loading.tsx beside it: a loading.tsx in this
// folder would also wrap /visits/[id], whose layout must answer another account's id with a real
// 404 before anything streams, and the skeleton committed a 200 first (issue 31, finding 15).
export default function VisitsPage(props: { searchParams: Promise<RawSearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <VisitsPageContent {...props} />
    </Suspense>
  );
}

async function VisitsPageContent({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const zone = member.timeZone;
  const view = CALENDAR_VIEWS.find((v) => v === params.view);
  const mine = params.mine === "1" ? "1" : undefined;
  const agentId = mine ? member.userId : undefined;
  const today = calendarRange("day", undefined, zone).today;

  const whose = [
    {
      label: "Everyone's",
      href: hrefWith("/visits", { ...params, mine: undefined, cursor: undefined, prev: undefined }),
      current: !mine,
    },
    {
      label: "My visits",
      href: hrefWith("/visits", { ...params, mine: "1", cursor: undefined, prev: undefined }),
      current: Boolean(mine),
    },
  ];
  return (
    <div className="space-y-5">
      <PageHeader
        title="Visits"
        description={`Viewings with your leads. Book, reschedule or cancel one from its page, and record how each went. Times are in ${zoneLabel(zone)}.`}
        actions={
          <Link href="/visits/new" className={styles.primaryButton}>
            Book a visit
          </Link>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ViewsNav
          label="Visit views"
          views={[
            { label: "Upcoming", href: hrefWith("/visits", { mine }), current: !view && isUntouched(params) },
            {
              label: "Awaiting outcome",
              href: hrefWith("/visits", { status: "scheduled", to: today, mine }),
              current: !view && params.status === "scheduled" && params.to === today && !params.from,
            },
            {
              label: "All visits",
              href: hrefWith("/visits", { all: "1", mine }),
              current: !view && params.all === "1",
            },
            {
              label: "Day",
              href: hrefWith("/visits", { view: "day", day: params.day, mine }),
              current: view === "day",
            },
            {
              label: "Week",
              href: hrefWith("/visits", { view: "week", day: params.day, mine }),
              current: view === "week",
            },
          ]}
        />
        <ViewsNav label="Whose visits" views={whose} />
      </div>
      {view ? (
        <CalendarSection
          view={view}
          day={params.day}
          zone={zone}
          accountId={member.accountId}
          agentId={agentId}
          mine={mine}
        />
      ) : (
        <VisitsList
          params={params}
          zone={zone}
          today={today}
          untouched={isUntouched(params)}
          accountId={member.accountId}
          agentId={agentId}
          mine={mine}
        />
      )}
    </div>
  );
}

const isUntouched = (params: Record<string, string | undefined>) =>
  !params.all && !params.status && !params.from && !params.to;

async function CalendarSection(props: {
  view: CalendarView;
  day?: string;
  zone: string;
  accountId: string;
  agentId?: string;
  mine?: string;
}) {
  const range = calendarRange(props.view, props.day, props.zone);
  const page = await listVisitsBySchedule(props.accountId, {
    from: new Date(range.from.getTime() - LONGEST_VISIT_MS),
    to: range.to,
    agentId: props.agentId,
    order: "asc",
    limit: CALENDAR_LIMIT,
  });
  const link = (day?: string) => hrefWith("/visits", { view: props.view, day, mine: props.mine });
  return (
    <>
      <VisitCalendar
        view={props.view}
        range={range}
        visits={page.data}
        zone={props.zone}
        byAgent={!props.mine}
        links={{
          previous: link(range.previous),
          next: link(range.next),
          today: link(),
          days: Object.fromEntries(
            range.days.map((day) => [day, hrefWith("/visits", { view: "day", day, mine: props.mine })]),
          ),
        }}
      />
      {page.meta.hasMore ? (
        <p className="text-sm text-amber-800">
          Only the first {CALENDAR_LIMIT} visits are shown: use the day view or the list to see them all.
        </p>
      ) : null}
    </>
  );
}
