import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, leads, smsMessages } from "@/db/schema";
import { cancelSmsForm } from "@/app/(app)/leads/_forms/cancel-sms-form";
import { leadFormOptions } from "@/components/leads/lead-form-options";
import { updateLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";
import { sendSmsForm } from "@/app/(app)/leads/_forms/send-sms-form";
import { createQueues } from "@/lib/jobs/start-workers";
import { quietHoursNotice } from "@/lib/sms/quiet-hours/next-send-time";
import { agencyWithStaff, form, leadOf } from "./web-fixtures";

// The lead page under quiet hours: the send form says when a text would go out, a send is
// scheduled, and the thread's Cancel stops it.

beforeAll(async () => {
  await createQueues();
});
afterEach(() => {
  vi.useRealTimers();
});

function at(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

describe("quiet hours on the lead page", () => {
  it("says when a text would go out, schedules it, and cancels it", async () => {
    const a = await agencyWithStaff("Quiet Realty");
    const db = await getDb();
    await db.update(accounts).set({ smsQuietHours: true }).where(eq(accounts.id, a.accountId));
    const lead = await leadOf(a, { phone: "+12125550123" }); // a Manhattan number: Eastern time

    at("2026-11-24T15:00:00Z"); // 10:00 in New York
    expect(await quietHoursNotice(a.accountId, lead.id)).toBeNull();

    at("2026-11-24T03:30:00Z"); // 22:30 in New York
    expect(await quietHoursNotice(a.accountId, lead.id)).toBe(
      "It is 22:30 for this lead (America/New_York): quiet hours. A text sent now is scheduled for Tue 24 Nov, 08:00 their time, and can be cancelled until then.",
    );
    const sent = await sendSmsForm(a.staff, form({ leadId: lead.id, message: "Tomorrow at 10?" }));
    expect(sent).toMatchObject({ status: "success", message: expect.stringContaining("scheduled for") });
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.leadId, lead.id));
    expect(row).toMatchObject({ status: "scheduled", sendAt: new Date("2026-11-24T13:00:00Z") });

    await cancelSmsForm(a.staff, form({ leadId: lead.id, smsId: row.id }));
    const [cancelled] = await db.select().from(smsMessages).where(eq(smsMessages.id, row.id));
    expect(cancelled.status).toBe("cancelled");
    // A second click (the message is no longer scheduled) is no error.
    await expect(cancelSmsForm(a.staff, form({ leadId: lead.id, smsId: row.id }))).resolves.toBeUndefined();
  });

  // Issue 31, finding 6b: the form had no zone, and a (415) lead of a New York agency was Eastern.
  it("the lead form sets and clears the lead's zone; without one, the area code's zones rule (issue 31, finding 6b)", async () => {
    const a = await agencyWithStaff("Zoned Realty");
    const db = await getDb();
    await db.update(accounts).set({ smsQuietHours: true }).where(eq(accounts.id, a.accountId));
    const lead = await leadOf(a, { phone: "+14155550123" });
    at("2026-11-24T03:30:00Z"); // 22:30 in New York, 19:30 in San Francisco: open for a (415) number
    expect(await quietHoursNotice(a.accountId, lead.id)).toBeNull();

    const save = (timezone: string) =>
      updateLeadForm(a.staff, form({ leadId: lead.id, name: lead.name, phone: "+14155550123", timezone }));
    expect(await save("America/New_York")).toMatchObject({ status: "success" });
    const [stored] = await db.select({ timezone: leads.timezone }).from(leads).where(eq(leads.id, lead.id));
    expect(stored.timezone).toBe("America/New_York");
    expect(await quietHoursNotice(a.accountId, lead.id)).toMatch(/^It is 22:30 for this lead \(America\/New_York\)/);
    expect(await save("Mars/Olympus")).toMatchObject({
      status: "error",
      fieldErrors: { timezone: "Must be an IANA time zone, e.g. America/Chicago" },
    });
    expect(await save("")).toMatchObject({ status: "success" }); // "From the phone number"
    const [cleared] = await db.select({ timezone: leads.timezone }).from(leads).where(eq(leads.id, lead.id));
    expect(cleared.timezone).toBeNull();
    expect(await quietHoursNotice(a.accountId, lead.id)).toBeNull();

    const dakota = await leadOf(a, { phone: "+16055550123" }); // (605): Mountain and Central
    at("2026-11-24T14:30:00Z"); // 07:30 MST, 08:30 CST
    expect(await quietHoursNotice(a.accountId, dakota.id)).toBe(
      "It is 07:30 in America/Denver, 08:30 in America/North_Dakota/Center for this lead (their area code spans these zones): quiet hours. A text sent now is scheduled for Tue 24 Nov, 08:00 America/Denver, 09:00 America/North_Dakota/Center, and can be cancelled until then.",
    );
  });

  it("the form offers a zone the API stored under an alias, so saving the form keeps it", async () => {
    const a = await agencyWithStaff("Alias Realty");
    const choices = async (timezone: string | null) =>
      (await leadFormOptions(a.accountId, { timezone })).timeZones.map((option) => option.value);
    expect(await choices(null)).not.toContain("US/Pacific"); // the runtime lists canonical zones
    expect(await choices("US/Pacific")).toContain("US/Pacific");
    expect((await choices("America/Chicago")).filter((zone) => zone === "America/Chicago")).toHaveLength(1);
  });

  // Issue 31, finding 15: another account's message was an unhandled error, a 500.
  it("another account's message, or a made-up one, is the 404 page and changes nothing (issue 31, finding 15)", async () => {
    const a = await agencyWithStaff("Quiet Realty A");
    const b = await agencyWithStaff("Quiet Realty B");
    const db = await getDb();
    await db.update(accounts).set({ smsQuietHours: true }).where(eq(accounts.id, b.accountId));
    const lead = await leadOf(b, { phone: "+12125550123" }); // Eastern time
    at("2026-11-24T03:30:00Z"); // 22:30 in New York: scheduled
    await sendSmsForm(b.staff, form({ leadId: lead.id, message: "Tomorrow at 10?" }));
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.leadId, lead.id));
    expect(row.status).toBe("scheduled");

    const notFound = { digest: expect.stringMatching(/^NEXT_HTTP_ERROR_FALLBACK;404/) };
    await expect(cancelSmsForm(a.staff, form({ leadId: lead.id, smsId: row.id }))).rejects.toMatchObject(notFound);
    await expect(cancelSmsForm(a.staff, form({ leadId: lead.id, smsId: "sms_nope" }))).rejects.toMatchObject(notFound);
    const [after] = await db.select().from(smsMessages).where(eq(smsMessages.id, row.id));
    expect(after.status).toBe("scheduled");
  });
});
