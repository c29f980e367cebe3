import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { EmptyState } from "@/components/ui/empty-state";
import { NewestOlderPager } from "@/components/ui/newest-older-pager";
import { PageHeader } from "@/components/ui/page-header";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { parseAuditLogFilters } from "@/lib/audit/audit-log-filters";
import { listAuditActors } from "@/lib/audit/list-audit-actors";
import { listAuditEntries } from "@/lib/audit/list-audit-entries";
import { requireMember } from "@/lib/auth/get-current-member";
import { readPagePosition } from "@/components/ui/cursor-pager";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { AuditLogFilterBar } from "./audit-log-filter-bar";
import { auditLogHref } from "./audit-log-href";
import { AuditLogTable } from "./audit-log-table";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 50;

// Who did what to the account's keys, webhooks, members, plan and settings, and who signed in:
// newest first, read from the top like the other logs (Older / Newest), filters in the URL.
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const query = singleParams(await searchParams);
  const { filters, params } = parseAuditLogFilters(query, member.timeZone);
  const { cursor } = readPagePosition({ cursor: query.cursor });
  const [page, actors] = await Promise.all([
    loadListPage(listAuditEntries(member.accountId, { ...filters, limit: PAGE_SIZE, cursor })),
    listAuditActors(member.accountId),
  ]);
  const filtered = Boolean(params.actor || params.action || params.from || params.to);

  return (
    <div className="space-y-5">
      <PageHeader
        title="Audit log"
        description={`Changes to API keys, webhooks, team members, the plan and settings, and sign-ins. Entries are kept for a year and cannot be edited. Times are in your time zone (${member.timeZone}).`}
        actions={
          // A plain link: the browser downloads the file; prefetching it would export for nothing.
          <a href={auditLogHref(params, { exportCsv: true })} className={styles.secondaryButton} download>
            Export CSV
          </a>
        }
      />
      <AuditLogFilterBar params={params} actors={actors} />
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={auditLogHref(params)} />
        ) : page.data.length === 0 ? (
          <EmptyState title={filtered ? "No entries match these filters" : "No entries yet"}>
            {filtered
              ? "Try another actor, action or dates."
              : "Creating an API key, changing a webhook or the team, and signing in all appear here."}
          </EmptyState>
        ) : (
          <>
            <AuditLogTable entries={page.data} timeZone={member.timeZone} />
            <NewestOlderPager
              label="Audit log pages"
              newestHref={cursor ? auditLogHref(params) : null}
              olderHref={
                page.meta.hasMore && page.meta.cursor ? auditLogHref({ ...params, cursor: page.meta.cursor }) : null
              }
            />
          </>
        )}
      </section>
    </div>
  );
}
