import type { Metadata } from "next";
import { requireMember } from "@/lib/auth/get-current-member";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { listConversations } from "@/lib/sms/list-conversations";
import { hrefWith, pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { ConversationList } from "./conversation-list";

export const metadata: Metadata = { title: "Messages" };

const PAGE_SIZE = 25;

// The inbox: one row per lead texted or texting, unread replies first, then the latest; a row
// opens the conversation, where staff reply and mark replies read.
export default async function MessagesPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const position = readPagePosition(singleParams(await searchParams));
  const [page, account] = await Promise.all([
    loadListPage(listConversations(member.accountId, { limit: PAGE_SIZE, cursor: position.cursor })),
    getAccountOrThrow(member.accountId),
  ]);
  return (
    <div className="space-y-5">
      <PageHeader
        title="Messages"
        description="Your team's SMS conversations with leads, one per lead: unread replies first, then the latest."
      />
      <section className={`${styles.card} overflow-hidden`}>
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/messages", {})} />
        ) : page.data.length === 0 ? (
          <EmptyState title="No conversations yet">
            Text a lead from their page, or through the API. Their replies show up here.
          </EmptyState>
        ) : (
          <>
            <ConversationList conversations={page.data} timeZone={member.timeZone} country={account.defaultCountry} />
            <Pager
              label="Conversations"
              links={pagerLinks("/messages", {}, position, page.meta)}
              shown={page.data.length}
            />
          </>
        )}
      </section>
    </div>
  );
}
