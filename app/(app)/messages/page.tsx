import { SMS_STATUSES } from "@/lib/domain/enums";
import type { Metadata } from "next";
import { requireMember } from "@/lib/auth/get-current-member";
import { listOutbox, type SmsStatus } from "@/lib/sms/list-outbox";
import { hrefWith, pagerLinks, readPagePosition } from "@/lib/ui/cursor-pager";
import { loadListPage } from "@/lib/ui/load-list-page";
import { singleParams, type RawSearchParams } from "@/lib/ui/search-params";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { SelectField } from "@/components/ui/select-field";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { OutboxTable } from "./outbox-table";

export const metadata: Metadata = { title: "Outbox" };

const PAGE_SIZE = 25;
const STATUS_LABELS: Record<SmsStatus, string> = {
  sent: "Sent",
  queued: "Queued",
  failed: "Failed",
  received: "Received",
};
const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  ...SMS_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

export default async function OutboxPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const position = readPagePosition(params);
  const status = SMS_STATUSES.find((s) => s === params.status);
  const filters = { status };
  const page = await loadListPage(listOutbox(member.accountId, { status, limit: PAGE_SIZE, cursor: position.cursor }));
  return (
    <div className="space-y-5">
      <PageHeader
        title="Outbox"
        description="Every SMS sent to your leads from the app or the API, newest first. With the built-in log provider messages are kept here and nothing leaves the server."
      />
      <FilterBar action="/outbox" label="Filter messages" clearHref={status ? "/outbox" : undefined}>
        <div className="sm:w-44">
          <SelectField
            label="Status"
            name="status"
            options={STATUS_OPTIONS}
            defaultValue={status ?? ""}
            idPrefix="filter"
          />
        </div>
      </FilterBar>
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/outbox", filters)} />
        ) : page.data.length === 0 ? (
          <EmptyState title={status ? `No ${STATUS_LABELS[status].toLowerCase()} messages` : "No messages yet"}>
            Send an SMS from a lead&apos;s page, or through the API.
          </EmptyState>
        ) : (
          <>
            <OutboxTable messages={page.data} />
            <Pager
              label="Messages"
              links={pagerLinks("/outbox", filters, position, page.meta)}
              shown={page.data.length}
            />
          </>
        )}
      </section>
    </div>
  );
}
