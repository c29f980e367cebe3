import { isValidElement, type ReactElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { requireMember } from "@/lib/auth/get-current-member";
import { simulateReplyForm } from "@/app/(app)/leads/_forms/simulate-reply-form";
import type { Member } from "@/lib/users/get-member";
import { MarkSmsReadButton } from "@/components/leads/mark-sms-read-button";
import { markReadAction } from "@/app/(app)/messages/actions";
import LeadPage from "@/app/(app)/leads/[id]/page";
import { agencyWithStaff, form, leadOf } from "./web-fixtures";

// Issue 33, part 6: opening a lead's page marked its SMS replies read, as a side effect of the
// GET that rendered it (a prefetch or a crawler's visit read them too). Now the page only reads;
// its "Mark read" button (issue 35, part 3: the inbox's too) marks the replies it showed as new.

vi.mock("@/lib/auth/get-current-member", () => ({ requireMember: vi.fn(), getCurrentMember: vi.fn() }));
const signedIn = (member: Member) => vi.mocked(requireMember).mockResolvedValue(member);

afterEach(() => vi.mocked(requireMember).mockReset());

async function unreadReplies(accountId: string, leadId: string): Promise<string[]> {
  const rows = await (
    await getDb()
  )
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.accountId, accountId), eq(smsMessages.leadId, leadId), isNull(smsMessages.readAt)));
  return rows.map((r) => r.id).sort();
}

/** The element of `type` in the tree a server component returned (its own children, unrendered). */
function findElement(node: ReactNode, type: unknown): ReactElement<Record<string, unknown>> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findElement(child as ReactNode, type);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return undefined;
  if (node.type === type) return node;
  for (const value of Object.values(node.props)) {
    const found = findElement(value as ReactNode, type);
    if (found) return found;
  }
  return undefined;
}

const renderLeadPage = (id: string) =>
  LeadPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve({}) }) as Promise<ReactNode>;

describe(`the lead page and its SMS replies on ${process.env.TEST_DB_ENGINE ?? "postgres"} (issue 33, part 6)`, () => {
  it("rendering the page changes nothing; its Mark read marks the shown replies read", async () => {
    const a = await agencyWithStaff("Read Homes");
    const lead = await leadOf(a, { name: "Rita Read" });
    for (const body of ["Sounds good", "See you then"]) {
      expect(await simulateReplyForm(a.staff, form({ leadId: lead.id, body }))).toEqual({ status: "success" });
    }
    const replies = await unreadReplies(a.accountId, lead.id);
    expect(replies).toHaveLength(2);
    signedIn(a.staff);

    // Rendered twice (a prefetch, then the visit): still unread, and shown as new both times.
    for (let render = 0; render < 2; render++) {
      const page = await renderLeadPage(lead.id);
      expect(await unreadReplies(a.accountId, lead.id)).toEqual(replies);
      const marker = findElement(page, MarkSmsReadButton);
      expect(marker?.props).toMatchObject({ leadId: lead.id, action: markReadAction });
      expect([...(marker!.props.smsIds as string[])].sort()).toEqual(replies);
    }

    // A reply that arrives after the page was rendered was not shown: it stays unread.
    await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "One more thing" }));
    const later = (await unreadReplies(a.accountId, lead.id)).filter((id) => !replies.includes(id));

    // Another account's member sending these ids marks nothing.
    const other = await agencyWithStaff("Other Homes");
    const shown = form({ leadId: lead.id });
    for (const id of replies) shown.append("smsId", id);
    await markReadAction.run(other.staff, shown);
    expect(await unreadReplies(a.accountId, lead.id)).toHaveLength(3);

    // Mark read: the action, as the button posts it.
    await markReadAction.run(a.staff, shown);
    expect(await unreadReplies(a.accountId, lead.id)).toEqual(later);
    // The next render shows only that one as new.
    const next = findElement(await renderLeadPage(lead.id), MarkSmsReadButton);
    expect(next?.props.smsIds).toEqual(later);
  });

  it("with nothing unread, the page shows no Mark read", async () => {
    const a = await agencyWithStaff("Quiet Homes");
    const lead = await leadOf(a);
    signedIn(a.owner);
    expect(findElement(await renderLeadPage(lead.id), MarkSmsReadButton)).toBeUndefined();
  });
});
