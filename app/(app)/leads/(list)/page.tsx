import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "@/lib/auth/get-current-member";
import { countLeads, listLeads } from "@/lib/leads/list-leads";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { readLeadListParams, UNASSIGNED } from "@/lib/leads/lead-list-params";
import { listMembers } from "@/lib/users/list-members";
import { memberLabel } from "@/components/team/assignee-options";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { withCustomFieldFilterError } from "@/lib/custom-fields/custom-field-list-filter";
import { CustomFieldFilterFields } from "@/components/custom-fields/custom-field-filter-fields";
import { hrefWith, pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { searchText } from "@/lib/query/search-text";
import { EmptyState } from "@/components/ui/empty-state";
import { FlashNotice } from "@/components/ui/flash-notice";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { LiveFilterForm } from "@/components/leads/live-filter-form";
import { DeletedLeads } from "./deleted-leads";
import { LeadCountHeading } from "./lead-count-heading";
import { LeadFilterFields } from "./lead-filter-fields";
import { LeadsTable } from "./leads-table";
import { listSavedLeadViews } from "@/lib/saved-lead-views/saved-lead-views";
import { getLatestBulkLeadAction } from "@/lib/bulk-actions/get-bulk-lead-action";
import { shownBulkProgress } from "@/lib/bulk-actions/bulk-progress";
import { BulkSelectionProvider } from "./bulk-selection";
import { BulkActionBar } from "./bulk-action-bar";
import { SavedViews } from "./saved-views";

export const metadata: Metadata = { title: "Leads" };

const PAGE_SIZE = 25;

export default async function LeadsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const position = readPagePosition(params);
  const isOwner = member.role === "owner";
  if (params.view === "deleted")
    return <DeletedLeads member={member} q={searchText(params.q)} position={position} pageSize={PAGE_SIZE} />;

  const list = readLeadListParams(params, member);
  const { url } = list;
  const [page, count, members, customFields, account, views, latestBulk] = await Promise.all([
    withCustomFieldFilterError(
      loadListPage(
        listLeads(member.accountId, { ...list.filters, limit: PAGE_SIZE, sort: list.sort, cursor: position.cursor }),
      ),
    ),
    withCustomFieldFilterError(countLeads(member.accountId, list.filters)),
    listMembers(member.accountId),
    listCustomFieldDefinitions(member.accountId, "lead"),
    getAccountOrThrow(member.accountId),
    listSavedLeadViews(member),
    getLatestBulkLeadAction(member.accountId, member.userId),
  ]);
  // The list's filters and sort as a query string: what "Save view" names and what a bulk
  // action on "all matching" selects.
  const listQuery = hrefWith("", { ...url }).replace(/^\?/, "");
  const mine = url.assignedTo === "me";
  const filterParams = { ...url };
  const assigneeOptions = [
    { value: "", label: "Anyone" },
    { value: "me", label: "Me" },
    { value: UNASSIGNED, label: "Nobody (unassigned)" },
    ...members.filter((m) => m.userId !== member.userId).map((m) => ({ value: m.userId, label: m.name })),
  ];
  return (
    <div className="space-y-5">
      <PageHeader
        title="Leads"
        description="Everyone who asked about a property, from your website, portals and your team."
        actions={
          <>
            {/* A plain link: a download, never prefetched. It carries the filters and the sort the list applied. */}
            <a href={hrefWith("/leads/export", filterParams)} download className={styles.secondaryButton}>
              Export CSV
            </a>
            <Link href="/leads/board" className={styles.secondaryButton}>
              Pipeline board
            </Link>
            <Link href="/leads/import" className={styles.secondaryButton}>
              Import CSV
            </Link>
            <Link href="/leads/new" className={styles.primaryButton}>
              New lead
            </Link>
          </>
        }
      />
      {params.notice === "deleted" ? (
        <FlashNotice>
          The lead was deleted. {isOwner ? "You can restore it from the deleted leads." : "An owner can restore it."}
        </FlashNotice>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <LeadCountHeading count={"filterError" in count ? undefined : count} filtered={list.filtered} />
        <nav aria-label="Quick filters" className="flex gap-2">
          <Link
            href={hrefWith("/leads", { ...filterParams, assignedTo: mine ? undefined : "me" })}
            aria-current={mine ? "true" : undefined}
            className={mine ? styles.primaryButton : styles.secondaryButton}
            scroll={false}
          >
            My leads
          </Link>
        </nav>
        {isOwner ? (
          <Link href="/leads?view=deleted" className={`${styles.link} ml-auto text-sm`}>
            Show deleted leads
          </Link>
        ) : null}
      </div>
      <SavedViews
        views={views.map((v) => ({ id: v.id, name: v.name, params: v.params }))}
        listQuery={listQuery}
        filtered={list.filtered || url.sort !== undefined}
      />
      <LiveFilterForm
        label="Filter leads"
        submitLabel="Search"
        clearHref={list.filtered ? hrefWith("/leads", { sort: url.sort }) : undefined}
      >
        <LeadFilterFields
          values={url}
          assigneeOptions={assigneeOptions}
          customFields={
            <CustomFieldFilterFields
              definitions={customFields}
              params={{ cfKey: url.cfKey, cfValue: url.cfValue }}
              error={page !== "invalid_cursor" && "filterError" in page ? page.filterError : undefined}
            />
          }
        />
      </LiveFilterForm>
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/leads", filterParams)} />
        ) : "filterError" in page ? (
          <EmptyState title="This custom field filter cannot be applied">{page.filterError}</EmptyState>
        ) : page.data.length === 0 ? (
          list.filtered ? (
            <EmptyState title="No leads match these filters">
              Try another search or filter, or clear the filters.
            </EmptyState>
          ) : (
            <EmptyState
              title="No leads yet"
              action={
                <Link href="/leads/new" className={styles.primaryButton}>
                  Add your first lead
                </Link>
              }
            >
              Leads arrive here from your integrations through the Public API, or add one yourself.
            </EmptyState>
          )
        ) : (
          <BulkSelectionProvider pageIds={page.data.map((lead) => lead.id)}>
            <BulkActionBar
              matching={"filterError" in count ? { count: page.data.length, capped: false } : count}
              listQuery={listQuery}
              assignees={members
                .filter((m) => m.active)
                .map((m) => ({ value: m.userId, label: m.userId === member.userId ? `${m.name} (me)` : m.name }))}
              latest={shownBulkProgress(latestBulk, new Date())}
            />
            <LeadsTable
              leads={page.data}
              memberNames={new Map(members.map((m) => [m.userId, memberLabel(m)]))}
              country={account.defaultCountry}
              timeZone={member.timeZone}
              sort={list.sort}
              sortHref={(sort) =>
                hrefWith("/leads", { ...filterParams, sort: sort === "-createdAt" ? undefined : sort })
              }
            />
            <Pager
              label="Leads"
              links={pagerLinks("/leads", filterParams, position, page.meta)}
              shown={page.data.length}
            />
          </BulkSelectionProvider>
        )}
      </section>
    </div>
  );
}
