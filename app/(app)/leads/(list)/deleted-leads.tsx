import Link from "next/link";
import { listDeletedLeads } from "@/lib/leads/list-deleted-leads";
import { hrefWith, pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import type { Member } from "@/lib/users/get-member";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { FormMessage } from "@/components/ui/form-message";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";
import { DeletedLeadsTable } from "./deleted-leads-table";

// The owners' view of soft-deleted leads. The service checks the role again.
export async function DeletedLeads({
  member,
  q,
  position,
  pageSize,
}: {
  member: Member;
  q?: string;
  position: ReturnType<typeof readPagePosition>;
  pageSize: number;
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
      { q, limit: pageSize, cursor: position.cursor },
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
            <DeletedLeadsTable leads={page.data} timeZone={member.timeZone} />
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
