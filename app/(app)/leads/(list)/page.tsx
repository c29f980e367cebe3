import { LEAD_STATUSES } from "@/lib/domain/enums";
import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "@/lib/auth/get-current-member";
import { listDeletedLeads } from "@/lib/leads/list-deleted-leads";
import { listLeads } from "@/lib/leads/list-leads";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { leadStatusSchema } from "@/lib/schemas/leads";
import { listMembers } from "@/lib/users/list-members";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { customFieldListFilter, withCustomFieldFilterError } from "@/lib/custom-fields/custom-field-list-filter";
import { CustomFieldFilterFields } from "@/components/custom-fields/custom-field-filter-fields";
import { hrefWith, pagerLinks, readPagePosition } from "@/lib/ui/cursor-pager";
import { loadListPage } from "@/lib/ui/load-list-page";
import { searchText, singleParams, type RawSearchParams } from "@/lib/ui/search-params";
import type { Member } from "@/lib/users/get-member";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { FlashNotice } from "@/components/ui/flash-notice";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { SelectField } from "@/components/ui/select-field";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";
import { DeletedLeadsTable } from "./deleted-leads-table";
import { LeadsTable } from "./leads-table";

export const metadata: Metadata = { title: "Leads" };

const PAGE_SIZE = 25;
const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
];

export default async function LeadsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const q = searchText(params.q);
  const position = readPagePosition(params);
  const isOwner = member.role === "owner";
  if (params.view === "deleted") return <DeletedLeads member={member} q={q} position={position} />;

  const status = leadStatusSchema.safeParse(params.status).data;
  const custom = customFieldListFilter(params);
  const filters = { q, status, ...custom.params };
  const [page, members, customFields] = await Promise.all([
    withCustomFieldFilterError(
      loadListPage(
        listLeads(member.accountId, {
          q,
          status,
          cf: custom.cf,
          limit: PAGE_SIZE,
          sort: "-createdAt",
          cursor: position.cursor,
        }),
      ),
    ),
    listMembers(member.accountId),
    listCustomFieldDefinitions(member.accountId, "lead"),
  ]);
  const filtered = Boolean(q || status || custom.cf);
  return (
    <div className="space-y-5">
      <PageHeader
        title="Leads"
        description="Everyone who asked about a property, from your website, portals and your team."
        actions={
          <>
            {/* A plain link: a download, never prefetched. It carries the filters the list applied. */}
            <a href={hrefWith("/leads/export", filters)} download className={styles.secondaryButton}>
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
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <FilterBar
          action="/leads"
          label="Filter leads"
          submitLabel="Search"
          clearHref={filtered ? "/leads" : undefined}
        >
          <div className="sm:w-72">
            <TextField
              label="Search"
              name="q"
              type="search"
              defaultValue={q}
              placeholder="Name, email or phone"
              maxLength={200}
              autoComplete="off"
              idPrefix="filter"
            />
          </div>
          <div className="sm:w-48">
            <SelectField
              label="Status"
              name="status"
              options={STATUS_OPTIONS}
              defaultValue={status ?? ""}
              idPrefix="filter"
            />
          </div>
          <CustomFieldFilterFields
            definitions={customFields}
            params={custom.params}
            error={page !== "invalid_cursor" && "filterError" in page ? page.filterError : undefined}
          />
        </FilterBar>
        {isOwner ? (
          <Link href="/leads?view=deleted" className={`${styles.link} text-sm`}>
            Show deleted leads
          </Link>
        ) : null}
      </div>
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/leads", filters)} />
        ) : "filterError" in page ? (
          <EmptyState title="This custom field filter cannot be applied">{page.filterError}</EmptyState>
        ) : page.data.length === 0 ? (
          filtered ? (
            <EmptyState title="No leads match these filters">
              Try another search or status, or clear the filters.
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
          <>
            <LeadsTable leads={page.data} memberNames={new Map(members.map((m) => [m.userId, m.name]))} />
            <Pager label="Leads" links={pagerLinks("/leads", filters, position, page.meta)} shown={page.data.length} />
          </>
        )}
      </section>
    </div>
  );
}

// The owners' view of soft-deleted leads. The service checks the role again.
async function DeletedLeads({
  member,
  q,
  position,
}: {
  member: Member;
  q?: string;
  position: ReturnType<typeof readPagePosition>;
}) {
  const header = (
    <PageHeader
      title="Deleted leads"
      description="Deleted leads are hidden from the team and the API. Restoring one brings it back with its whole timeline."
      actions={
        <Link href="/leads" className={styles.secondaryButton}>
          Back to leads
        </Link>
      }
    />
  );
  if (member.role !== "owner") {
    return (
      <div className="space-y-5">
        {header}
        <FormMessage tone="error">Only account owners can see deleted leads.</FormMessage>
      </div>
    );
  }
  const filters = { view: "deleted", q };
  const page = await loadListPage(
    listDeletedLeads(
      { accountId: member.accountId, actorUserId: member.userId },
      { q, limit: PAGE_SIZE, cursor: position.cursor },
    ),
  );
  return (
    <div className="space-y-5">
      {header}
      <FilterBar
        action="/leads"
        label="Filter deleted leads"
        submitLabel="Search"
        hidden={{ view: "deleted" }}
        clearHref={q ? "/leads?view=deleted" : undefined}
      >
        <div className="sm:w-72">
          <TextField
            label="Search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Name, email or phone"
            maxLength={200}
            autoComplete="off"
            idPrefix="filter"
          />
        </div>
      </FilterBar>
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/leads", filters)} />
        ) : page.data.length === 0 ? (
          <EmptyState title={q ? "No deleted leads match this search" : "No deleted leads"}>
            Leads deleted in the app or through the API appear here.
          </EmptyState>
        ) : (
          <>
            <DeletedLeadsTable leads={page.data} />
            <Pager
              label="Deleted leads"
              links={pagerLinks("/leads", filters, position, page.meta)}
              shown={page.data.length}
            />
          </>
        )}
      </section>
    </div>
  );
}
