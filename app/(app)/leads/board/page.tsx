import type { Metadata } from "next";
import Link from "next/link";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { requireMember } from "@/lib/auth/get-current-member";
import { loadBoard } from "@/lib/board/load-board";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { listMembers } from "@/lib/users/list-members";
import { memberLabel } from "@/components/team/assignee-options";
import { PipelineBoard } from "@/components/board/pipeline-board";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Pipeline board" };

// Leads as cards in a column per status. Each column opens on its newest 25 with its total and
// pages on with "Show more", so the board stays quick with thousands of leads.
export default async function BoardPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const mine = singleParams(await searchParams).mine === "1";
  const [columns, members, account] = await Promise.all([
    loadBoard(member.accountId, { assignedTo: mine ? member.userId : undefined }),
    listMembers(member.accountId),
    getAccountOrThrow(member.accountId),
  ]);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Pipeline board"
        description="Drag a card to another column to change the lead's status, or use its Move menu. With the keyboard: focus a card's handle, press Space, move with the arrow keys and press Space again."
        actions={
          <Link href="/leads" className={styles.secondaryButton}>
            List view
          </Link>
        }
      />
      <nav aria-label="Whose leads" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm">
        <FilterLink href="/leads/board" current={!mine}>
          All leads
        </FilterLink>
        <FilterLink href="/leads/board?mine=1" current={mine}>
          My leads
        </FilterLink>
      </nav>
      <PipelineBoard
        key={mine ? "mine" : "all"}
        initialColumns={columns}
        mine={mine}
        me={member.userId}
        memberNames={Object.fromEntries(members.map((m) => [m.userId, memberLabel(m)]))}
        currency={account.currency}
      />
    </div>
  );
}

function FilterLink({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`rounded px-3 py-1.5 font-medium ${current ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100"} ${styles.focusRing}`}
    >
      {children}
    </Link>
  );
}
