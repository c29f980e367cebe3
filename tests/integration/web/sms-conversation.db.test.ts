import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { updateLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";
import { sendSmsForm } from "@/app/(app)/leads/_forms/send-sms-form";
import { simulateReplyForm } from "@/app/(app)/leads/_forms/simulate-reply-form";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { getOptOutByRecipient } from "@/lib/sms/get-opt-out-by-recipient";
import { listMessages } from "@/lib/sms/list-messages";
import { listConversations } from "@/lib/sms/list-conversations";
import { listUnreadLeadSmsIds } from "@/lib/sms/list-unread-lead-sms-ids";
import { markLeadSmsRead } from "@/lib/sms/mark-lead-sms-read";
import { agencyWithStaff, form, leadOf } from "./web-fixtures";

afterEach(() => {
  delete process.env.SMS_PROVIDER;
});

// The staff side of a conversation: the lead page's simulated reply (log provider), the messages
// page's unread counts, and the opt-out the lead sent, which staff cannot clear.
describe(`SMS conversation in the web UI on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("a simulated reply is unread in the inbox until it is marked read", async () => {
    const a = await agencyWithStaff("Thread Homes");
    const lead = await leadOf(a, { name: "Rita Reply" });
    const reply = (body: string) => simulateReplyForm(a.staff, form({ leadId: lead.id, body }));
    expect(await reply("Sounds good")).toEqual({ status: "success" });
    expect(await reply("See you then")).toEqual({ status: "success" });
    expect(await reply("  ")).toMatchObject({ status: "error", fieldErrors: { body: "Write the reply first." } });

    const inbox = async () => (await listConversations(a.accountId, { limit: 20 })).data;
    expect(await inbox()).toMatchObject([
      { leadId: lead.id, leadName: "Rita Reply", unread: 2, last: { message: "See you then", status: "received" } },
    ]);
    const messages = (await listMessages(a.accountId, { limit: 20 })).data;
    expect(messages.map((m) => [m.message, m.direction, m.from, m.unread, m.provider])).toEqual([
      ["See you then", "inbound", "+14155550123", true, "log"],
      ["Sounds good", "inbound", "+14155550123", true, "log"],
    ]);
    expect((await listMessages(a.accountId, { limit: 20, direction: "outbound" })).data).toEqual([]);

    // The thread shows them as new; marking read clears the ones it showed (inbox.db.test.ts).
    const shown = [...(await listUnreadLeadSmsIds(a.accountId, lead.id))];
    const opened = await markLeadSmsRead(a.accountId, lead.id, shown);
    expect([...opened].sort()).toEqual(messages.map((m) => m.id).sort());
    expect(await inbox()).toMatchObject([{ leadId: lead.id, unread: 0 }]);
    expect((await listMessages(a.accountId, { limit: 20 })).data.map((m) => m.unread)).toEqual([false, false]);
    expect((await markLeadSmsRead(a.accountId, lead.id, shown)).size).toBe(0);
    // The file's first test pays for the database's start (tens of seconds on PGlite on a busy machine).
  }, 120_000);

  it("with SMS consent required, sending is refused until the lead's START grants it", async () => {
    const a = await agencyWithStaff("Consent Homes");
    await (await getDb()).update(accounts).set({ requireSmsConsent: true }).where(eq(accounts.id, a.accountId));
    const lead = await leadOf(a);
    const send = () => sendSmsForm(a.staff, form({ leadId: lead.id, message: "Hello" }));
    expect(await send()).toMatchObject({ status: "error", message: expect.stringContaining("consent") });
    await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "START" }));
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).consent.sms.status).toBe("granted");
    expect(await send()).toMatchObject({ status: "success" });
  });

  it("after the lead's STOP, sending is refused and saving the lead unticked answers why", async () => {
    const a = await agencyWithStaff("Stop Homes");
    const lead = await leadOf(a);
    await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "STOP" }));
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).smsOptOut).toBe(true);
    expect(await getOptOutByRecipient(a.accountId, lead.id)).toBe(true);

    const sent = await sendSmsForm(a.staff, form({ leadId: lead.id, message: "Still there?" }));
    expect(sent).toMatchObject({ status: "error", message: "This lead opted out of SMS, so no message was sent." });
    // The form with the box unticked: the 409 opt_out_by_recipient, in the service's words.
    const saved = await updateLeadForm(a.staff, form({ leadId: lead.id, name: lead.name, smsOptOutShown: "1" }));
    expect(saved).toMatchObject({ status: "error", message: expect.stringContaining("Only the lead can opt back in") });
    // The lead page posts no opt-out box while it is locked: other changes save.
    expect(await updateLeadForm(a.staff, form({ leadId: lead.id, name: "Renamed" }))).toMatchObject({
      status: "success",
    });

    await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "Start" }));
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).smsOptOut).toBe(false);
    expect(await sendSmsForm(a.staff, form({ leadId: lead.id, message: "Welcome back" }))).toMatchObject({
      status: "success",
    });
  });

  it("simulating is refused with a real provider", async () => {
    const a = await agencyWithStaff("Real Homes");
    const lead = await leadOf(a);
    process.env.SMS_PROVIDER = "twilio";
    expect(await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "Hi" }))).toMatchObject({
      status: "error",
      message: expect.stringContaining("log provider"),
    });
  });
});
