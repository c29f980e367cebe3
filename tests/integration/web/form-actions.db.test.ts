import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DateTime } from "luxon";
import type { Member } from "@/lib/users/get-member";
import { listActivities } from "@/lib/activities/list-activities";
import { deleteLead } from "@/lib/leads/delete-lead";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { getPropertyOrThrow } from "@/lib/properties/get-property-or-throw";
import { listMessages } from "@/lib/sms/list-messages";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { getDb } from "@/db/client";
import { addNoteForm, deleteLeadForm, restoreLeadForm } from "@/app/(app)/leads/_forms/lead-action-forms";
import { createLeadForm, updateLeadForm } from "@/app/(app)/leads/_forms/save-lead-form";
import { sendSmsForm } from "@/app/(app)/leads/_forms/send-sms-form";
import {
  createPropertyForm,
  deletePropertyForm,
  updatePropertyForm,
} from "@/app/(app)/properties/_forms/property-forms";
import { setVisitStatusAction } from "@/app/(app)/visits/actions";
import { userActor } from "@/lib/activities/user-actor";
import {
  createApiKeyAction,
  editApiKeyPermissionsAction,
  revokeApiKeyAction,
  rollApiKeyAction,
  stopOldSecretAction,
} from "@/app/(app)/settings/api/actions";
import { listApiKeys } from "@/lib/keys/list-api-keys";
import { auditLogEntries } from "@/db/schema";
import { and, eq } from "drizzle-orm";
import { agencyWithStaff, form, leadOf, visitOf, type Agency, getLeadWithActivities } from "./web-fixtures";

const leadFields = (leadId: string, overrides: Record<string, string> = {}) =>
  form({
    leadId,
    name: "Edited Name",
    email: "",
    phone: "",
    status: "new",
    source: "",
    interest: "",
    budget: "",
    propertyId: "",
    assignedTo: "",
    tags: "",
    notes: "",
    smsOptOutShown: "1",
    ...overrides,
  });

describe(`web UI form actions on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let a: Agency;
  let other: Agency;
  beforeAll(async () => {
    a = await agencyWithStaff("Alpha Forms");
    other = await agencyWithStaff("Other Forms");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  describe("the lead form", () => {
    it("saves every field with the API's rules and writes one activity naming the user", async () => {
      const lead = await leadOf(a, { name: "Form Lead", email: "form@x.test" });
      const state = await updateLeadForm(
        a.staff,
        leadFields(lead.id, {
          name: "Form Lead",
          email: "Form@X.test",
          phone: "(415) 555-0199",
          status: "contacted",
          budget: "$450,000",
          tags: "vip, investor, vip",
          assignedTo: a.staff.userId,
          notes: "Line one\nLine two",
          smsOptOut: "on",
        }),
      );
      expect(state).toMatchObject({ status: "success", message: "Lead saved." });
      expect(await getPublicLeadOrThrow(a.accountId, lead.id)).toMatchObject({
        email: "form@x.test",
        phone: "+14155550199",
        status: "contacted",
        budget: 450000,
        tags: ["vip", "investor"],
        assignedTo: a.staff.userId,
        notes: "Line one\nLine two",
        smsOptOut: true,
      });
      const [latest] = (await getLeadWithActivities(a.accountId, lead.id)).activities;
      expect(latest).toMatchObject({
        type: "lead_status_changed",
        actor: { type: "user", id: a.staff.userId, name: "Stan Staff" },
      });
      expect(Object.keys((latest.data as { changes: object }).changes).sort()).toEqual([
        "assignedTo",
        "budget",
        "notes",
        "phone",
        "smsOptOut",
        "status",
        "tags",
      ]);
    });

    it("shows each field's error and keeps what was typed", async () => {
      const lead = await leadOf(a);
      const state = await updateLeadForm(
        a.staff,
        leadFields(lead.id, { name: " ", email: "not-an-email", budget: "lots", phone: "12" }),
      );
      expect(state.status).toBe("error");
      expect(state.fieldErrors).toMatchObject({
        name: "Required, 1–200 characters",
        email: "Invalid email",
        budget: "Enter a whole number, e.g. 450000",
      });
      expect(state.values).toMatchObject({ email: "not-an-email", budget: "lots" });
      // The phone is checked by the service (after the schema): its message names the field too.
      const phone = await updateLeadForm(a.staff, leadFields(lead.id, { name: "Fine", phone: "12" }));
      expect(phone.fieldErrors?.phone).toMatch(/Not a valid phone number/);
      expect(phone.message).toBe("Please correct the fields marked below.");
      expect((await getPublicLeadOrThrow(a.accountId, lead.id)).name).toBe(lead.name);
    });

    it("refuses a property or assignee of another account", async () => {
      const lead = await leadOf(a);
      const { property } = await visitOf(other, (await leadOf(other)).id);
      expect((await updateLeadForm(a.staff, leadFields(lead.id, { propertyId: property.id }))).fieldErrors).toEqual({
        propertyId: "No such property in this account",
      });
      expect(
        (await updateLeadForm(a.staff, leadFields(lead.id, { assignedTo: other.staff.userId }))).fieldErrors,
      ).toEqual({ assignedTo: "No such user in this account" });
    });

    it("creates a lead with a lead_created activity by the user", async () => {
      const state = await createLeadForm(
        a.owner,
        form({
          name: "Brand New",
          email: "",
          phone: "415 555 0100",
          status: "new",
          source: "walk-in",
          interest: "buy",
          budget: "",
          tags: "",
          notes: "",
        }),
      );
      expect(state).toMatchObject({ status: "success", leadId: expect.stringMatching(/^lead_/) });
      const created = await getLeadWithActivities(a.accountId, state.leadId ?? "");
      expect(created).toMatchObject({ name: "Brand New", phone: "+14155550100", source: "walk-in", smsOptOut: false });
      expect(created.activities[0]).toMatchObject({
        type: "lead_created",
        actor: { type: "user", name: "Olga Owner" },
      });
      expect((await createLeadForm(a.owner, form({ name: "" }))).fieldErrors).toMatchObject({
        name: "Required, 1–200 characters",
      });
    });
  });

  describe("notes, SMS and deletion", () => {
    it("adds a note and sends an SMS through the log provider, both on the timeline", async () => {
      const lead = await leadOf(a);
      expect(await addNoteForm(a.staff, form({ leadId: lead.id, text: "" }))).toMatchObject({
        status: "error",
        fieldErrors: { text: "Write the note first." },
      });
      expect(await addNoteForm(a.staff, form({ leadId: lead.id, text: "Prefers mornings" }))).toMatchObject({
        status: "success",
      });
      expect(await sendSmsForm(a.staff, form({ leadId: lead.id, message: "" }))).toMatchObject({
        status: "error",
        fieldErrors: { message: "1–1,600 characters" },
      });
      expect(await sendSmsForm(a.staff, form({ leadId: lead.id, message: "See you at 3" }))).toMatchObject({
        status: "success",
        message: "SMS sent to +14155550123.",
      });
      const types = (await getLeadWithActivities(a.accountId, lead.id)).activities.map(
        (x) => `${x.type}:${x.actor.name}`,
      );
      // The note, first contact, moved the New lead to Contacted, for its author (pipeline-moves.ts).
      expect(types.slice(0, 3)).toEqual([
        "sms_sent:Stan Staff",
        "lead_status_changed:Pipeline, for Stan Staff",
        "note:Stan Staff",
      ]);
    });

    it("explains a missing phone, an opt-out and a provider failure in plain words", async () => {
      const noPhone = await leadOf(a, { phone: null });
      expect(await sendSmsForm(a.staff, form({ leadId: noPhone.id, message: "Hi" }))).toMatchObject({
        status: "error",
        message: expect.stringContaining("has no phone number"),
        values: { message: "Hi" },
      });
      const optedOut = await leadOf(a, { smsOptOut: true });
      expect(await sendSmsForm(a.staff, form({ leadId: optedOut.id, message: "Hi" }))).toMatchObject({
        status: "error",
        message: expect.stringContaining("opted out of SMS"),
      });

      // Twilio configured but unreachable: the provider fails, the message is kept as failed.
      vi.stubEnv("SMS_PROVIDER", "twilio");
      vi.stubEnv("TWILIO_ACCOUNT_SID", "AC_test");
      vi.stubEnv("TWILIO_AUTH_TOKEN", "token");
      vi.stubEnv("TWILIO_FROM_NUMBER", "+14155550000");
      vi.stubEnv("TWILIO_API_BASE_URL", "http://127.0.0.1:9");
      const lead = await leadOf(a);
      const failed = await sendSmsForm(a.staff, form({ leadId: lead.id, message: "Will fail" }));
      expect(failed).toMatchObject({
        status: "error",
        message: expect.stringContaining("on the Messages page as failed"),
      });
      const [outboxEntry] = (await listMessages(a.accountId, { limit: 1, leadId: lead.id })).data;
      expect(outboxEntry).toMatchObject({
        status: "failed",
        provider: "twilio",
        error: expect.stringContaining("Twilio"),
      });
      expect((await getLeadWithActivities(a.accountId, lead.id)).activities[0]).toMatchObject({
        type: "sms_failed",
        actor: { name: "Stan Staff" },
      });
    });

    it("soft-deletes for anyone on the team, and restores for owners only", async () => {
      const lead = await leadOf(a);
      expect(await deleteLeadForm(a.staff, form({ leadId: lead.id }))).toMatchObject({ status: "success" });
      await expect(getPublicLeadOrThrow(a.accountId, lead.id)).rejects.toMatchObject({ code: "not_found" });
      expect(await restoreLeadForm(a.staff, form({ leadId: lead.id }))).toMatchObject({
        status: "error",
        message: "Only account owners can do this.",
      });
      expect(await restoreLeadForm(a.owner, form({ leadId: lead.id }))).toMatchObject({
        status: "success",
        message: `${lead.name} was restored.`,
      });
      expect((await getPublicLeadOrThrow(a.accountId, lead.id)).id).toBe(lead.id);
    });
  });

  describe("another account's ids (BOLA)", () => {
    it("every lead form answers not found and changes nothing", async () => {
      const victim = await leadOf(a, { name: "Victim Lead" });
      const before = await getLeadWithActivities(a.accountId, victim.id);
      const attacker = other.owner;
      const results = [
        await updateLeadForm(attacker, leadFields(victim.id, { name: "Hijacked" })),
        await addNoteForm(attacker, form({ leadId: victim.id, text: "hi" })),
        await sendSmsForm(attacker, form({ leadId: victim.id, message: "hi" })),
        await deleteLeadForm(attacker, form({ leadId: victim.id })),
      ];
      for (const state of results) expect(state).toMatchObject({ status: "error", message: "Lead not found." });
      expect(await getLeadWithActivities(a.accountId, victim.id)).toEqual(before);
      expect((await listMessages(a.accountId, { limit: 20, leadId: victim.id })).data).toEqual([]);

      await deleteLead(a.accountId, victim.id, userActor(a.owner));
      expect(await restoreLeadForm(attacker, form({ leadId: victim.id }))).toMatchObject({
        status: "error",
        message: "Lead not found.",
      });
      await expect(getPublicLeadOrThrow(a.accountId, victim.id)).rejects.toMatchObject({ code: "not_found" });
    });

    it("visit and property forms answer not found and change nothing", async () => {
      const lead = await leadOf(a);
      const { visit, property } = await visitOf(a, lead.id);
      const attacker = other.staff;
      expect(await setVisitStatusAction.run(attacker, form({ visitId: visit.id, status: "cancelled" }))).toMatchObject({
        status: "error",
        message: "Visit not found.",
      });
      expect(await updatePropertyForm(attacker, form({ propertyId: property.id, title: "Hijacked" }))).toMatchObject({
        status: "error",
        message: "Property not found.",
      });
      expect(await deletePropertyForm(attacker, form({ propertyId: property.id }))).toMatchObject({
        status: "error",
        message: "Property not found.",
      });
      const [stillScheduled] = (await listVisitsBySchedule(a.accountId, { limit: 1, order: "asc", leadId: lead.id }))
        .data;
      expect(stillScheduled.status).toBe("scheduled");
      expect((await getPropertyOrThrow(await getDb(), a.accountId, property.id)).title).toBe("Test flat");
      expect(
        (await listActivities(a.accountId, { limit: 20, sort: "-createdAt", leadId: lead.id })).data.map((x) => x.type),
      ).toEqual(["lead_status_changed", "visit_scheduled", "lead_created"]);
    });
  });

  describe("the property forms", () => {
    it("create, edit with nested address errors, and delete", async () => {
      const created = await createPropertyForm(
        a.staff,
        form({
          title: "Canal house",
          type: "house",
          listingType: "sale",
          status: "available",
          price: "1,250,000",
          currency: "",
          "address.street": "1 Canal St",
          "address.city": "Amsterdam",
          "address.country": "nl",
          bedrooms: "3",
          bathrooms: "",
          areaSqm: "120.5",
          description: "",
        }),
      );
      expect(created).toMatchObject({ status: "success", propertyId: expect.stringMatching(/^prop_/) });
      const id = created.propertyId ?? "";
      expect(await getPropertyOrThrow(await getDb(), a.accountId, id)).toMatchObject({
        price: 1250000,
        currency: "USD",
        city: "Amsterdam",
        country: "NL",
        bedrooms: 3,
        bathrooms: null,
        areaSqm: 120.5,
      });

      const bad = await updatePropertyForm(
        a.staff,
        form({ propertyId: id, title: "Canal house", "address.country": "Netherlands", bedrooms: "many", price: "-5" }),
      );
      expect(bad.fieldErrors).toMatchObject({
        "address.country": "ISO 3166-1 alpha-2 code, e.g. US",
        bedrooms: "Enter a whole number from 0 to 100",
        price: "Enter a whole number, e.g. 450000",
      });
      // Half-baths: 2.5 is a bathroom count, 2.25 is not (the API's own words on the field).
      const quarter = await updatePropertyForm(
        a.staff,
        form({ propertyId: id, title: "Canal house", bathrooms: "2.25" }),
      );
      expect(quarter.fieldErrors).toEqual({ bathrooms: "Must be a whole or half number, e.g. 2.5" });
      expect(
        await updatePropertyForm(
          a.staff,
          form({
            propertyId: id,
            title: "Canal house, renovated",
            status: "reserved",
            "address.city": "",
            bathrooms: "2.5",
          }),
        ),
      ).toMatchObject({ status: "success" });
      expect(await getPropertyOrThrow(await getDb(), a.accountId, id)).toMatchObject({
        title: "Canal house, renovated",
        bathrooms: 2.5,
        status: "reserved",
        city: null,
        street: "1 Canal St",
      });
      expect(await deletePropertyForm(a.staff, form({ propertyId: id }))).toMatchObject({ status: "success" });
      await expect(getPropertyOrThrow(await getDb(), a.accountId, id)).rejects.toMatchObject({ code: "not_found" });
    });
  });
  describe("the API key forms", () => {
    const origin = { ip: "203.0.113.9", userAgent: "form-test" };
    const DAY = 86_400_000;
    const keyOf = async (agency: Agency, id: string) => (await listApiKeys(agency.accountId)).find((k) => k.id === id);
    const keyForm = (fields: Record<string, string>) =>
      form({ name: "Zapier", preset: "full_access", expiry: "never", ...fields });
    const created = async (fields: Record<string, string>, owner: Member = a.owner) => {
      const state = await createApiKeyAction.run(owner, keyForm(fields), origin);
      expect(state, state.message).toMatchObject({ status: "success" });
      const [newest] = await listApiKeys(a.accountId);
      expect(newest.prefix).toBe(state.createdKey?.prefix);
      return { state, key: newest };
    };
    const auditOf = async (targetId: string) =>
      (await getDb())
        .select()
        .from(auditLogEntries)
        .where(and(eq(auditLogEntries.accountId, a.accountId), eq(auditLogEntries.targetId, targetId)));

    it("creates keys with each preset and expiry, shows the secret once and audits who did it", async () => {
      const full = await created({ name: "Full" });
      expect(full.state.createdKey).toMatchObject({ name: "Full", key: expect.stringMatching(/^lpm_/) });
      expect(full.key).toMatchObject({ permissions: null, expiresAt: null, status: "active" });

      const readOnly = await created({ name: "Reader", preset: "read_only", expiry: "30" });
      expect(readOnly.key.permissions).toEqual({
        leads: "read",
        properties: "read",
        visits: "read",
        activities: "read",
        sms: "read",
        events: "read",
        webhook_endpoints: "read",
        custom_fields: "read",
        users: "read",
        tasks: "read",
      });
      expect(readOnly.key.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
      expect(readOnly.key.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);

      // A date is a day in the owner's zone: the key stops as that day begins there.
      const paris = "Europe/Paris";
      const inTwoDays = DateTime.now().setZone(paris).plus({ days: 2 }).toFormat("yyyy-MM-dd");
      // Stale per-resource values are ignored unless "Custom" is picked: they came along above.
      const custom = await created(
        {
          name: "Custom",
          preset: "custom",
          "permissions.leads": "read",
          "permissions.properties": "write",
          "permissions.sms": "none",
          expiry: "date",
          expiresOn: inTwoDays,
        },
        { ...a.owner, timeZone: paris },
      );
      expect(custom.key.permissions).toEqual({ leads: "read", properties: "write" });
      const expiresInParis = DateTime.fromJSDate(custom.key.expiresAt!).setZone(paris);
      expect(expiresInParis.toFormat("yyyy-MM-dd HH:mm")).toBe(`${inTwoDays} 00:00`);

      const [entry, ...more] = await auditOf(custom.key.id);
      expect(more).toHaveLength(0);
      expect(entry).toMatchObject({
        action: "api_key.created",
        actorType: "user",
        actorId: a.owner.userId,
        ip: "203.0.113.9",
        userAgent: "form-test",
        changes: expect.objectContaining({ permissions: [null, "leads:read, properties:write"] }),
      });
      expect(JSON.stringify(entry)).not.toContain(custom.state.createdKey?.key);
    });

    it("shows every field's error at once and creates nothing", async () => {
      const before = (await listApiKeys(a.accountId)).length;
      const bad = await createApiKeyAction.run(
        a.owner,
        keyForm({ name: " ", preset: "custom", "permissions.leads": "none", expiry: "date", expiresOn: "2020-01-01" }),
        origin,
      );
      expect(bad).toMatchObject({ status: "error", message: "Please correct the fields marked below." });
      expect(bad.fieldErrors).toEqual({
        name: "Give the key a name, e.g. the integration that will use it.",
        permissions: "Give the key read or write on at least one resource, or choose Read only.",
        expiresOn: "Choose a date after today.",
      });
      expect(bad.values).toMatchObject({ preset: "custom", expiresOn: "2020-01-01" });

      const cases: [Record<string, string>, Record<string, string>][] = [
        [
          { preset: "custom", "permissions.activities": "write" },
          { "permissions.activities": "Activities can be none or read, not write." },
        ],
        [{ preset: "custom", "permissions.leads": "admin" }, { "permissions.leads": expect.any(String) }],
        [{ preset: "everything" }, { preset: "Choose Full access, Read only or Custom." }],
        [{ expiry: "45" }, { expiry: "Choose when the key expires." }],
        [{ expiry: "date", expiresOn: "" }, { expiresOn: "Choose the day the key stops working." }],
        [{ expiry: "date", expiresOn: "2031-02-30" }, { expiresOn: "Enter a date as YYYY-MM-DD." }],
        [{ expiry: "date", expiresOn: "2999-01-01" }, { expiresOn: "Choose a date within the next 10 years." }],
      ];
      for (const [fields, errors] of cases) {
        const state = await createApiKeyAction.run(a.owner, keyForm(fields), origin);
        expect(state.fieldErrors, JSON.stringify(fields)).toEqual(errors);
      }
      expect(await listApiKeys(a.accountId)).toHaveLength(before);
    });

    it("refuses staff, for every key action", async () => {
      const { key } = await created({ name: "Owner's" });
      const refused = { status: "error", message: "Only account owners can do this." };
      expect(await createApiKeyAction.run(a.staff, keyForm({}), origin)).toMatchObject(refused);
      expect(await rollApiKeyAction.run(a.staff, form({ keyId: key.id, overlap: "1h" }), origin)).toMatchObject(
        refused,
      );
      expect(
        await editApiKeyPermissionsAction.run(a.staff, form({ keyId: key.id, preset: "read_only" }), origin),
      ).toMatchObject(refused);
      expect(await revokeApiKeyAction.run(a.staff, form({ keyId: key.id }), origin)).toMatchObject(refused);
      expect(await keyOf(a, key.id)).toMatchObject({ status: "active", permissions: null, replacedBy: null });
    });

    it("rolls with the chosen overlap; the old secret can be stopped early, and a revoke ends every secret", async () => {
      const { key } = await created({ name: "Rolling", preset: "read_only" });
      expect((await rollApiKeyAction.run(a.owner, form({ keyId: key.id, overlap: "2h" }), origin)).fieldErrors).toEqual(
        {
          overlap: "Choose when the old secret stops working.",
        },
      );

      // The end is said in the owner's zone, named.
      const parisOwner = { ...a.owner, timeZone: "Europe/Paris" };
      const rolled = await rollApiKeyAction.run(parisOwner, form({ keyId: key.id, overlap: "1h" }), origin);
      expect(rolled).toMatchObject({
        status: "success",
        message: expect.stringMatching(/^The old secret keeps working until .+ GMT\+[12]\.$/),
        rolledKey: { name: "Rolling", key: expect.stringMatching(/^lpm_/) },
      });
      const old = await keyOf(a, key.id);
      const replacement = (await listApiKeys(a.accountId)).find((k) => k.id === old?.replacedBy);
      expect(replacement).toMatchObject({ prefix: rolled.rolledKey?.prefix, permissions: key.permissions });
      expect(old?.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
      expect(old?.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
      expect((await auditOf(key.id)).map((e) => e.action).sort()).toEqual(["api_key.created", "api_key.rolled"]);

      expect(await rollApiKeyAction.run(a.owner, form({ keyId: key.id, overlap: "1h" }), origin)).toMatchObject({
        status: "error",
        message: "This key was rolled already; roll the key that replaced it.",
      });
      expect(await stopOldSecretAction.run(a.staff, form({ keyId: key.id }), origin)).toMatchObject({
        status: "error",
        message: "Only account owners can do this.",
      });
      expect(await stopOldSecretAction.run(a.owner, form({ keyId: replacement!.id }), origin)).toMatchObject({
        status: "error",
        message: "Only a rolled key's old secret can be stopped early.",
      });
      expect(await stopOldSecretAction.run(a.owner, form({ keyId: key.id }), origin)).toEqual({ status: "success" });
      expect(await keyOf(a, key.id)).toMatchObject({ status: "expired" });
      expect(await keyOf(a, replacement!.id)).toMatchObject({ status: "active" });

      const now = await rollApiKeyAction.run(a.owner, form({ keyId: replacement!.id, overlap: "now" }), origin);
      expect(now).toMatchObject({ status: "success", message: "The old secret has stopped working." });
      expect(await keyOf(a, replacement!.id)).toMatchObject({ status: "expired" });

      // Revoking through any secret of the key ends all of them.
      const third = (await listApiKeys(a.accountId)).find((k) => k.prefix === now.rolledKey?.prefix);
      expect(await revokeApiKeyAction.run(a.owner, form({ keyId: key.id }), origin)).toEqual({ status: "success" });
      for (const id of [key.id, replacement!.id, third!.id])
        expect(await keyOf(a, id)).toMatchObject({ status: "revoked" });
    });

    it("edits permissions with the creation controls", async () => {
      const { key } = await created({ name: "Editable" });
      expect(
        await editApiKeyPermissionsAction.run(
          a.owner,
          form({ keyId: key.id, preset: "custom", "permissions.leads": "write", "permissions.events": "read" }),
          origin,
        ),
      ).toEqual({ status: "success", message: "Permissions saved: leads:write, events:read." });
      expect((await keyOf(a, key.id))?.permissions).toEqual({ leads: "write", events: "read" });

      const bad = await editApiKeyPermissionsAction.run(
        a.owner,
        form({ keyId: key.id, preset: "custom", "permissions.events": "write" }),
        origin,
      );
      expect(bad.fieldErrors).toEqual({ "permissions.events": "Events can be none or read, not write." });

      expect(
        await editApiKeyPermissionsAction.run(a.owner, form({ keyId: key.id, preset: "full_access" }), origin),
      ).toMatchObject({ status: "success", message: "Permissions saved: Full access." });
      expect((await keyOf(a, key.id))?.permissions).toBeNull();
      expect((await auditOf(key.id)).filter((e) => e.action === "api_key.permissions_changed")).toHaveLength(2);
    });

    it("treats another account's key as missing (BOLA)", async () => {
      const { key } = await created({ name: "Not yours" });
      const missing = { status: "error", message: expect.stringMatching(/not found/i) };
      expect(await rollApiKeyAction.run(other.owner, form({ keyId: key.id, overlap: "now" }), origin)).toMatchObject(
        missing,
      );
      expect(
        await editApiKeyPermissionsAction.run(other.owner, form({ keyId: key.id, preset: "read_only" }), origin),
      ).toMatchObject(missing);
      expect(await revokeApiKeyAction.run(other.owner, form({ keyId: key.id }), origin)).toMatchObject(missing);
      expect(await keyOf(a, key.id)).toMatchObject({ status: "active", permissions: null, replacedBy: null });
    });
  });
});
