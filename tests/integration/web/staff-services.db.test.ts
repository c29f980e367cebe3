import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addNote } from "@/lib/activities/add-note";
import { listActivities } from "@/lib/activities/list-activities";
import { deleteLead } from "@/lib/leads/delete-lead";
import { listDeletedLeads } from "@/lib/leads/list-deleted-leads";
import { listLeads } from "@/lib/leads/list-leads";
import { restoreLead } from "@/lib/leads/restore-lead";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";
import { listMessages } from "@/lib/sms/list-messages";
import { setVisitStatus } from "@/lib/visits/set-visit-status";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { createVisit } from "@/lib/visits/create-visit";
import { userActor } from "@/lib/activities/user-actor";
import { letVisitBegin } from "../../helpers/visit-clock";
import { agencyWithStaff, leadOf, visitOf, type Agency, getLeadWithActivities } from "./web-fixtures";

const page = { limit: 20, sort: "-createdAt" as const };

describe(`web UI services on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let a: Agency;
  let other: Agency;
  beforeAll(async () => {
    a = await agencyWithStaff("Alpha Homes");
    other = await agencyWithStaff("Other Homes");
  });

  describe("restoreLead", () => {
    it("lets the owner restore a deleted lead, with its timeline and a restore activity", async () => {
      const lead = await leadOf(a);
      await addNote(a.accountId, lead.id, "Called, wants a garden", userActor(a.staff));
      await deleteLead(a.accountId, lead.id, userActor(a.staff));
      // The deleted lead's timeline stays listed, its deletion first.
      const listed = (await listActivities(a.accountId, { ...page, leadId: lead.id })).data;
      // The note moved the New lead to Contacted (pipeline-moves.ts).
      expect(listed.map((x) => x.type)).toEqual(["lead_deleted", "lead_status_changed", "note", "lead_created"]);

      const restored = await restoreLead({ accountId: a.accountId, actorUserId: a.owner.userId, leadId: lead.id });
      expect(restored).toMatchObject({ id: lead.id, name: lead.name });
      const { activities } = await getLeadWithActivities(a.accountId, lead.id);
      expect(activities.map((x) => x.type)).toEqual([
        "lead_updated",
        "lead_deleted",
        "lead_status_changed",
        "note",
        "lead_created",
      ]);
      expect(activities[0]).toMatchObject({
        summary: "Lead restored",
        data: { changes: { deleted: [true, false] } },
        actor: { type: "user", id: a.owner.userId, name: "Olga Owner" },
      });
      expect((await listLeads(a.accountId, { ...page, q: lead.name })).data.map((l) => l.id)).toEqual([lead.id]);
    });

    it("refuses staff, another account's owner, and a lead that is not deleted", async () => {
      const lead = await leadOf(a);
      await deleteLead(a.accountId, lead.id, userActor(a.owner));
      await expect(
        restoreLead({ accountId: a.accountId, actorUserId: a.staff.userId, leadId: lead.id }),
      ).rejects.toMatchObject({ code: "forbidden" });
      await expect(
        restoreLead({ accountId: other.accountId, actorUserId: other.owner.userId, leadId: lead.id }),
      ).rejects.toMatchObject({ code: "not_found" });
      // An owner naming another account passes no check: the membership is looked up in it.
      await expect(
        restoreLead({ accountId: a.accountId, actorUserId: other.owner.userId, leadId: lead.id }),
      ).rejects.toMatchObject({ code: "forbidden" });
      await expect(getLeadWithActivities(a.accountId, lead.id)).rejects.toMatchObject({ code: "not_found" });

      const live = await leadOf(a);
      await expect(
        restoreLead({ accountId: a.accountId, actorUserId: a.owner.userId, leadId: live.id }),
      ).rejects.toMatchObject({ code: "conflict" });
    });
  });

  describe("listDeletedLeads", () => {
    it("lists the account's deleted leads for owners only, searchable and paged", async () => {
      const name = `Gone ${Math.random().toString(36).slice(2, 8)}`;
      const first = await leadOf(a, { name: `${name} one` });
      const second = await leadOf(a, { name: `${name} two` });
      const elsewhere = await leadOf(other, { name: `${name} elsewhere` });
      for (const lead of [first, second]) await deleteLead(a.accountId, lead.id, userActor(a.owner));
      await deleteLead(other.accountId, elsewhere.id, userActor(other.owner));

      const owner = { accountId: a.accountId, actorUserId: a.owner.userId };
      const one = await listDeletedLeads(owner, { limit: 1, q: name });
      expect(one.data.map((l) => l.id)).toEqual([second.id]);
      expect(one.data[0].deletedAt).toMatch(/Z$/);
      expect(one.meta.hasMore).toBe(true);
      const two = await listDeletedLeads(owner, { limit: 1, q: name, cursor: one.meta.cursor ?? undefined });
      expect(two.data.map((l) => l.id)).toEqual([first.id]);
      expect(two.meta.hasMore).toBe(false);
      // A cursor of the live list is not a cursor of this one.
      const live = await listLeads(a.accountId, { ...page, limit: 1 });
      await expect(listDeletedLeads(owner, { limit: 1, cursor: live.meta.cursor ?? undefined })).rejects.toMatchObject({
        code: "invalid_cursor",
      });
      await expect(
        listDeletedLeads({ accountId: a.accountId, actorUserId: a.staff.userId }, { limit: 20 }),
      ).rejects.toMatchObject({ code: "forbidden" });
    });
  });

  describe("addNote", () => {
    it("adds a note activity with the author, the whole text and a one-line summary", async () => {
      const lead = await leadOf(a);
      const text = `Second viewing went well.\n${"Likes the kitchen. ".repeat(20)}`;
      const note = await addNote(a.accountId, lead.id, `  ${text}  `, userActor(a.staff));
      expect(note).toMatchObject({
        leadId: lead.id,
        type: "note",
        summary: "Second viewing went well.",
        data: { text: text.trim() },
        actor: { type: "user", id: a.staff.userId, name: "Stan Staff" },
      });
      const long = await addNote(a.accountId, lead.id, "x".repeat(300), userActor(a.staff));
      expect(long.summary).toHaveLength(140);
      expect(long.summary.endsWith("…")).toBe(true);
    });

    it("refuses an empty note, another account's lead and a deleted lead", async () => {
      const lead = await leadOf(a);
      await expect(addNote(a.accountId, lead.id, "   ", userActor(a.staff))).rejects.toThrow("Write the note first.");
      await expect(addNote(other.accountId, lead.id, "hi", userActor(other.staff))).rejects.toMatchObject({
        code: "not_found",
      });
      await deleteLead(a.accountId, lead.id, userActor(a.staff));
      await expect(addNote(a.accountId, lead.id, "hi", userActor(a.staff))).rejects.toMatchObject({
        code: "not_found",
      });
    });
  });

  describe("setVisitStatus", () => {
    afterEach(() => vi.useRealTimers());

    it("marks a visit and writes the change on the lead's timeline", async () => {
      const lead = await leadOf(a);
      const { visit } = await visitOf(a, lead.id);
      letVisitBegin(visit.scheduledAt);
      const done = await setVisitStatus(a.accountId, visit.id, "completed", userActor(a.staff));
      expect(done).toMatchObject({ id: visit.id, status: "completed" });
      const [latest] = (await getLeadWithActivities(a.accountId, lead.id)).activities;
      expect(latest).toMatchObject({
        type: "lead_updated",
        summary: "Visit of 2030-01-02 10:00 UTC marked completed",
        data: { visitId: visit.id, changes: { visitStatus: ["scheduled", "completed"] } },
        actor: { type: "user", id: a.staff.userId },
      });
      // Setting the same status again changes nothing and writes nothing.
      await setVisitStatus(a.accountId, visit.id, "completed", userActor(a.staff));
      expect((await getLeadWithActivities(a.accountId, lead.id)).activities[0].id).toBe(latest.id);
      // (A slip corrected.)
      await setVisitStatus(a.accountId, visit.id, "cancelled", userActor(a.staff));
      expect((await getLeadWithActivities(a.accountId, lead.id)).activities[0].data).toMatchObject({
        changes: { visitStatus: ["completed", "cancelled"] },
      });
    });

    it("refuses another account's visit, a deleted lead's visit and an unknown status", async () => {
      const lead = await leadOf(a);
      const { visit } = await visitOf(a, lead.id);
      await expect(
        setVisitStatus(other.accountId, visit.id, "cancelled", userActor(other.staff)),
      ).rejects.toMatchObject({ code: "not_found" });
      await expect(
        setVisitStatus(a.accountId, visit.id, "scheduled" as "completed", userActor(a.staff)),
      ).rejects.toThrow();
      await deleteLead(a.accountId, lead.id, userActor(a.staff));
      await expect(setVisitStatus(a.accountId, visit.id, "cancelled", userActor(a.staff))).rejects.toMatchObject({
        code: "not_found",
      });
    });
  });

  describe("listVisitsBySchedule", () => {
    it("orders by scheduled time, filters by status and dates, pages, and names lead, property and agent", async () => {
      const b = await agencyWithStaff("Schedule Homes");
      const lead = await leadOf(b, { name: "Vera Visit" });
      const { property } = await visitOf(b, lead.id);
      const at = (day: number) => `2030-02-${String(day).padStart(2, "0")}T09:00:00.000Z`;
      for (const day of [5, 3, 4])
        await createVisit(
          b.accountId,
          { leadId: lead.id, propertyId: property.id, scheduledAt: at(day), agentId: b.staff.userId },
          userActor(b.staff),
        );
      const asc = await listVisitsBySchedule(b.accountId, {
        limit: 2,
        order: "asc",
        from: new Date("2030-02-01T00:00:00Z"),
      });
      expect(asc.data.map((v) => v.scheduledAt)).toEqual([at(3), at(4)]);
      expect(asc.data[0]).toMatchObject({
        leadName: "Vera Visit",
        leadDeleted: false,
        propertyTitle: "Test flat",
        agentName: "Stan Staff",
      });
      const next = await listVisitsBySchedule(b.accountId, {
        limit: 2,
        order: "asc",
        from: new Date("2030-02-01T00:00:00Z"),
        cursor: asc.meta.cursor ?? undefined,
      });
      expect(next.data.map((v) => v.scheduledAt)).toEqual([at(5)]);
      expect(next.meta.hasMore).toBe(false);
      const window = await listVisitsBySchedule(b.accountId, {
        limit: 20,
        order: "desc",
        from: new Date(at(4)),
        to: new Date(at(5)),
      });
      expect(window.data.map((v) => v.scheduledAt)).toEqual([at(4)]);
      const all = await listVisitsBySchedule(b.accountId, { limit: 20, order: "desc", leadId: lead.id });
      expect(all.data.map((v) => v.scheduledAt)).toEqual([at(5), at(4), at(3), "2030-01-02T10:00:00.000Z"]);
      await setVisitStatus(b.accountId, all.data[0].id, "cancelled", userActor(b.staff));
      expect(
        (await listVisitsBySchedule(b.accountId, { limit: 20, order: "asc", status: "cancelled" })).data.map(
          (v) => v.id,
        ),
      ).toEqual([all.data[0].id]);
      expect((await listVisitsBySchedule(other.accountId, { limit: 20, order: "asc", leadId: lead.id })).data).toEqual(
        [],
      );
    });
  });

  describe("listMessages", () => {
    it("lists the account's messages newest first with their lead, status and provider error", async () => {
      const b = await agencyWithStaff("Outbox Homes");
      const lead = await leadOf(b, { name: "Sally Sms" });
      const first = await sendSmsToLead(b.accountId, lead.id, "First", userActor(b.staff));
      const second = await sendSmsToLead(b.accountId, lead.id, "Second", userActor(b.staff));
      await sendSmsToLead(other.accountId, (await leadOf(other)).id, "Elsewhere", userActor(other.staff));

      const one = await listMessages(b.accountId, { limit: 1 });
      expect(one.data).toEqual([
        expect.objectContaining({
          id: second.id,
          leadId: lead.id,
          leadName: "Sally Sms",
          to: "+14155550123",
          message: "Second",
          status: "sent",
          provider: "log",
          error: null,
        }),
      ]);
      const rest = await listMessages(b.accountId, { limit: 1, cursor: one.meta.cursor ?? undefined });
      expect(rest.data.map((m) => m.id)).toEqual([first.id]);
      expect(rest.meta.hasMore).toBe(false);
      expect((await listMessages(b.accountId, { limit: 20, status: "failed" })).data).toEqual([]);
      await deleteLead(b.accountId, lead.id, userActor(b.staff));
      expect((await listMessages(b.accountId, { limit: 20 })).data.map((m) => m.leadDeleted)).toEqual([true, true]);
    });
  });
});
