import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities } from "@/db/schema";
import { recordConsentForm } from "@/app/(app)/leads/_forms/record-consent-form";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { simulateReplyForm } from "@/app/(app)/leads/_forms/simulate-reply-form";
import { agencyWithStaff, form, leadOf } from "./web-fixtures";

// The lead page's "Record consent": staff write down a consent given by phone or on paper, at a
// time in the account's zone; the lead's STOP can only be undone by the lead.
describe(`the consent form on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("records a consent at a time in the viewer's zone, signed by the staff member", async () => {
    const a = await agencyWithStaff("Consent Form Homes");
    const lead = await leadOf(a);
    const state = await recordConsentForm(
      { ...a.staff, timeZone: "Europe/Paris" },
      form({
        leadId: lead.id,
        "sms.status": "granted",
        "sms.source": "verbal",
        "sms.text": "Yes, text me about viewings",
        "sms.at": "2026-11-20T10:00",
      }),
    );
    expect(state).toEqual({ status: "success", message: "Consent recorded." });
    const after = await getPublicLeadOrThrow(a.accountId, lead.id);
    expect(after?.consent.sms).toEqual({
      status: "granted",
      at: "2026-11-20T09:00:00.000Z",
      source: "verbal",
      text: "Yes, text me about viewings",
      ip: null,
    });
    const [activity] = await (
      await getDb()
    )
      .select({ actorName: activities.actorName, actorType: activities.actorType })
      .from(activities)
      .where(and(eq(activities.leadId, lead.id), eq(activities.type, "sms_consent_changed")));
    expect(activity).toEqual({ actorName: a.staff.name, actorType: "user" });
  });

  it("shows each bad field, and keeps what was typed", async () => {
    const a = await agencyWithStaff("Consent Errors Homes");
    const lead = await leadOf(a);
    const future = await recordConsentForm(
      a.staff,
      form({ leadId: lead.id, "sms.status": "granted", "sms.source": "verbal", "sms.at": "2099-01-01T10:00" }),
    );
    expect(future).toMatchObject({
      status: "error",
      fieldErrors: { "sms.at": "Must not be in the future" },
      values: { "sms.source": "verbal" },
    });
    const garbled = await recordConsentForm(
      a.staff,
      form({ leadId: lead.id, "sms.status": "granted", "sms.at": "soon" }),
    );
    expect(garbled).toMatchObject({ status: "error", fieldErrors: { "sms.at": "Pick a date and time" } });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id))?.consent.sms.status).toBe("unknown");
  });

  it("after the lead's STOP, staff cannot record a grant; a withdrawal is kept", async () => {
    const a = await agencyWithStaff("Consent Stop Homes");
    const lead = await leadOf(a);
    expect(await simulateReplyForm(a.staff, form({ leadId: lead.id, body: "STOP" }))).toEqual({ status: "success" });
    const refused = await recordConsentForm(
      a.staff,
      form({ leadId: lead.id, "sms.status": "granted", "sms.source": "verbal" }),
    );
    expect(refused).toMatchObject({ status: "error", message: expect.stringContaining("texting START") });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id))?.consent.sms).toMatchObject({
      status: "revoked",
      source: "SMS reply STOP",
    });
  });

  it("another account's lead is not found", async () => {
    const a = await agencyWithStaff("Consent Scope A");
    const b = await agencyWithStaff("Consent Scope B");
    const lead = await leadOf(b);
    const state = await recordConsentForm(a.staff, form({ leadId: lead.id, "sms.status": "granted" }));
    expect(state).toMatchObject({ status: "error", message: expect.stringMatching(/not found/i) });
    expect((await getPublicLeadOrThrow(b.accountId, lead.id))?.consent.sms.status).toBe("unknown");
  });
});
