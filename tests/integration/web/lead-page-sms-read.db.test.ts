import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requireMember } from "@/lib/auth/get-current-member";
import { simulateReplyForm } from "@/app/(app)/leads/_forms/simulate-reply-form";
import type { Member } from "@/lib/users/get-member";
import { MarkSmsReadButton } from "@/components/leads/mark-sms-read-button";
import { markReadAction } from "@/app/(app)/messages/actions";
import LeadPage from "@/app/(app)/leads/[id]/page";
import { agencyWithStaff, findElement, form, leadOf, markReadForm, unreadReplies } from "./web-fixtures";

// Issue 33, part 6: opening a lead's page marked its SMS replies read, as a side effect of the
// GET that rendered it (a prefetch or a crawler's visit read them too). Now the page only reads;
// its "Mark read" button (issue 35, part 3: the inbox's too) marks the replies it showed as new.

vi.mock("@/lib/auth/get-current-member", () => ({ requireMember: vi.fn(), getCurrentMember: vi.fn() }));
const signedIn = (member: Member) => vi.mocked(requireMember).mockResolvedValue(member);

afterEach(() => vi.mocked(requireMember).mockReset());

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
    const shown = markReadForm(lead.id, replies);
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
