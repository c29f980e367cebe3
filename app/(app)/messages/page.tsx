import { SMS_DIRECTIONS, SMS_STATUSES, type SmsDirection } from "@/lib/domain/enums";
import type { Metadata } from "next";
import { requireMember } from "@/lib/auth/get-current-member";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { listMessages } from "@/lib/sms/list-messages";
import { listUnreadConversations } from "@/lib/sms/list-unread-conversations";
import { hrefWith, pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { SelectField } from "@/components/ui/select-field";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { SMS_STATUS_LABELS } from "@/components/leads/sms-status-labels";
import { MessagesTable } from "./messages-table";
import { UnreadConversations } from "./unread-conversations";

export const metadata: Metadata = { title: "Messages" };

const PAGE_SIZE = 25;
const DIRECTION_LABELS: Record<SmsDirection, string> = { outbound: "Sent to leads", inbound: "Received from leads" };
const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  ...SMS_STATUSES.map((s) => ({ value: s, label: SMS_STATUS_LABELS[s][0] })),
];
const DIRECTION_OPTIONS = [
  { value: "", label: "Both directions" },
  ...SMS_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] })),
];

export default async function MessagesPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const position = readPagePosition(params);
  const status = SMS_STATUSES.find((s) => s === params.status);
  const direction = SMS_DIRECTIONS.find((d) => d === params.direction);
  const filters = { status, direction };
  const [unread, page, account] = await Promise.all([
    listUnreadConversations(member.accountId),
    loadListPage(listMessages(member.accountId, { ...filters, limit: PAGE_SIZE, cursor: position.cursor })),
    getAccountOrThrow(member.accountId),
  ]);
  const filtered = Boolean(status || direction);
  return (
    <div className="space-y-5">
      <PageHeader
        title="Messages"
        description="Every SMS between your team and your leads, both directions, newest first. With the built-in log provider messages are kept here and nothing leaves the server."
      />
      <UnreadConversations conversations={unread} timeZone={member.timeZone} />
      <FilterBar action="/messages" label="Filter messages" clearHref={filtered ? "/messages" : undefined}>
        <div className="sm:w-52">
          <SelectField
            label="Direction"
            name="direction"
            options={DIRECTION_OPTIONS}
            defaultValue={direction ?? ""}
            idPrefix="filter"
          />
        </div>
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
          <StaleLinkNotice firstPage={hrefWith("/messages", filters)} />
        ) : page.data.length === 0 ? (
          <EmptyState title={filtered ? "No messages match these filters" : "No messages yet"}>
            Send an SMS from a lead&apos;s page, or through the API. Replies from leads show up here too.
          </EmptyState>
        ) : (
          <>
            <MessagesTable messages={page.data} timeZone={member.timeZone} country={account.defaultCountry} />
            <Pager
              label="Messages"
              links={pagerLinks("/messages", filters, position, page.meta)}
              shown={page.data.length}
            />
          </>
        )}
      </section>
    </div>
  );
}
