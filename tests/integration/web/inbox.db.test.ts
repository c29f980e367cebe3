import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, smsMessages } from "@/db/schema";
import { requireMember } from "@/lib/auth/get-current-member";
import { userActor } from "@/lib/activities/user-actor";
import { createQueues } from "@/lib/jobs/start-workers";
import { newId } from "@/lib/ids/new-id";
import { deleteLead } from "@/lib/leads/delete-lead";
import { listConversations } from "@/lib/sms/list-conversations";
import type { Member } from "@/lib/users/get-member";
import { simulateReplyForm } from "@/app/(app)/leads/_forms/simulate-reply-form";
import { markReadAction, replyAction } from "@/app/(app)/messages/actions";
import ConversationPage from "@/app/(app)/messages/[leadId]/page";
import { MarkSmsReadButton } from "@/components/leads/mark-sms-read-button";
import { agencyWithStaff, findElement, form, leadOf, markReadForm, unreadReplies, type Agency } from "./web-fixtures";

// Issue 35, part 3: Messages is an inbox. One row per lead (its latest message, either way),
// unread first, then the latest, by keyset over sms_conversations (kept by triggers); a reply goes
// through the lead page's send, so consent and quiet hours hold; replies are read only by the
// explicit "Mark read", never by rendering the conversation.

vi.mock("@/lib/auth/get-current-member", () => ({ requireMember: vi.fn(), getCurrentMember: vi.fn() }));

// The scheduled reply's job needs the queues; on PGlite their first start is slow.
beforeAll(async () => {
  await createQueues();
}, 180_000);
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(requireMember).mockReset();
});

const minute = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, n));

/** A message stored as the services store them, at a chosen time (the triggers see a plain insert). */
async function message(
  agency: Agency,
  leadId: string,
  direction: "inbound" | "outbound",
  at: Date,
  extra: Partial<typeof smsMessages.$inferInsert> = {},
) {
  const [row] = await (
    await getDb()
  )
    .insert(smsMessages)
    .values({
      id: newId("sms"),
      accountId: agency.accountId,
      leadId,
      direction,
      to: "+14155550123",
      from: direction === "inbound" ? "+14155550123" : null,
      message: `${direction} at ${at.toISOString()}`,
      status: direction === "inbound" ? "received" : "sent",
      provider: "log",
      createdAt: at,
      ...extra,
    })
    .returning();
  return row;
}

const inbox = async (accountId: string, limit = 20, cursor?: string) => listConversations(accountId, { limit, cursor });

async function allPages(accountId: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await inbox(accountId, limit, cursor);
    ids.push(...page.data.map((c) => c.leadId));
    if (!page.meta.hasMore) return ids;
    cursor = page.meta.cursor ?? undefined;
  }
}

const renderConversation = (member: Member, leadId: string) => {
  vi.mocked(requireMember).mockResolvedValue(member);
  return ConversationPage({ params: Promise.resolve({ leadId }) }) as Promise<ReactNode>;
};

describe(`the inbox on ${process.env.TEST_DB_ENGINE ?? "postgres"} (issue 35, part 3)`, () => {
  it("lists one row per lead, unread first then latest, by keyset pages, within the account", async () => {
    const a = await agencyWithStaff("Inbox Homes");
    const b = await agencyWithStaff("Other Inbox Homes");
    const [answered, waiting, texted, fresh, gone] = await Promise.all(
      ["Answered", "Waiting", "Texted", "Fresh", "Gone"].map((name) => leadOf(a, { name })),
    );
    const theirs = await leadOf(b, { name: "Theirs" });
    await message(a, answered.id, "outbound", minute(1));
    await message(a, answered.id, "inbound", minute(2), { readAt: minute(3) });
    await message(a, waiting.id, "inbound", minute(0));
    // Inserted out of order: the latest by time is still the row's message.
    await message(a, texted.id, "outbound", minute(5));
    await message(a, texted.id, "inbound", minute(4), { readAt: minute(4) });
    // Two replies of one lead at once both count.
    await Promise.all([message(a, fresh.id, "inbound", minute(6)), message(a, fresh.id, "inbound", minute(7))]);
    await message(a, gone.id, "inbound", minute(8));
    await message(b, theirs.id, "inbound", minute(9));
    await deleteLead(a.accountId, gone.id, userActor(a.staff));

    const first = await inbox(a.accountId);
    expect(first.data.map((c) => [c.leadName, c.unread, c.last.direction, c.last.createdAt])).toEqual([
      ["Fresh", 2, "inbound", minute(7).toISOString()],
      ["Waiting", 1, "inbound", minute(0).toISOString()],
      ["Texted", 0, "outbound", minute(5).toISOString()],
      ["Answered", 0, "inbound", minute(2).toISOString()],
    ]);
    expect(first.meta.hasMore).toBe(false);
    // Pages of one and of three walk the same order, each row once.
    const order = first.data.map((c) => c.leadId);
    expect(await allPages(a.accountId, 1)).toEqual(order);
    expect(await allPages(a.accountId, 3)).toEqual(order);

    // The other account sees its own conversation only, and a's cursor is not valid there.
    expect((await inbox(b.accountId)).data.map((c) => c.leadName)).toEqual(["Theirs"]);
    const cursor = (await inbox(a.accountId, 1)).meta.cursor ?? undefined;
    await expect(inbox(b.accountId, 1, cursor)).rejects.toMatchObject({ code: "invalid_cursor" });

    // Marked read, Waiting falls behind the read conversations by its (old) time.
    await markReadAction.run(
      a.staff,
      form({ leadId: waiting.id, smsId: (await unreadReplies(a.accountId, waiting.id))[0] }),
    );
    expect((await inbox(a.accountId)).data.map((c) => [c.leadName, c.unread])).toEqual([
      ["Fresh", 2],
      ["Texted", 0],
      ["Answered", 0],
      ["Waiting", 0],
    ]);
  }, 120_000);

  it("a reply goes through the lead page's send: refused without consent, scheduled in quiet hours", async () => {
    const a = await agencyWithStaff("Reply Homes");
    const db = await getDb();
    const lead = await leadOf(a, { name: "Quinn Quiet", phone: "+12125550123" }); // Eastern time
    // One clock for both messages (PGlite's now() reads the faked Date): the reply is the later.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T03:20:00Z"));
    await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "Is it still available?" }));
    const reply = () => replyAction.run(a.staff, form({ leadId: lead.id, message: "Yes! Tomorrow at 10?" }));

    await db.update(accounts).set({ requireSmsConsent: true }).where(eq(accounts.id, a.accountId));
    expect(await reply()).toMatchObject({
      status: "error",
      message: expect.stringContaining("requires SMS consent before texting"),
      values: { message: "Yes! Tomorrow at 10?" },
    });
    expect((await inbox(a.accountId)).data[0].last.direction).toBe("inbound");

    await db
      .update(accounts)
      .set({ requireSmsConsent: false, smsQuietHours: true })
      .where(eq(accounts.id, a.accountId));
    vi.setSystemTime(new Date("2026-11-24T03:30:00Z")); // 22:30 in New York
    expect(await reply()).toMatchObject({ status: "success", message: expect.stringContaining("scheduled for") });
    const [row] = (await inbox(a.accountId)).data;
    expect(row.last).toMatchObject({
      direction: "outbound",
      status: "scheduled",
      sendAt: "2026-11-24T13:00:00.000Z",
      message: "Yes! Tomorrow at 10?",
    });
    // Replying does not read the lead's message: that stays the explicit step.
    expect(row.unread).toBe(1);
  });

  it("rendering the conversation reads nothing; Mark read clears the replies it showed", async () => {
    const a = await agencyWithStaff("Mark Homes");
    const lead = await leadOf(a, { name: "Rita Read" });
    for (const body of ["Sounds good", "See you then"])
      await simulateReplyForm(a.staff, form({ leadId: lead.id, body }));
    const replies = await unreadReplies(a.accountId, lead.id);
    expect(replies).toHaveLength(2);

    for (let render = 0; render < 2; render++) {
      const button = findElement(await renderConversation(a.staff, lead.id), MarkSmsReadButton);
      expect(button?.props).toMatchObject({ leadId: lead.id, action: markReadAction });
      expect([...(button!.props.smsIds as string[])].sort()).toEqual(replies);
      expect(await unreadReplies(a.accountId, lead.id)).toEqual(replies);
    }

    await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "One more thing" }));
    const later = (await unreadReplies(a.accountId, lead.id)).filter((id) => !replies.includes(id));
    const shown = markReadForm(lead.id, replies);

    // Another account's member naming these ids marks nothing.
    const other = await agencyWithStaff("Other Mark Homes");
    await markReadAction.run(other.staff, shown);
    expect(await unreadReplies(a.accountId, lead.id)).toHaveLength(3);

    await markReadAction.run(a.staff, shown);
    expect(await unreadReplies(a.accountId, lead.id)).toEqual(later);
    expect((await inbox(a.accountId)).data[0].unread).toBe(1);
    const next = findElement(await renderConversation(a.staff, lead.id), MarkSmsReadButton);
    expect(next?.props.smsIds).toEqual(later);
  });
});
