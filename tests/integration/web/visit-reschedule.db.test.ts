import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { userActor } from "@/lib/activities/user-actor";
import { bookVisitAction, rescheduleVisitAction } from "@/app/(app)/visits/actions";
import { deleteLead } from "@/lib/leads/delete-lead";
import { createVisit } from "@/lib/visits/create-visit";
import { rescheduleVisit } from "@/lib/visits/reschedule-visit";
import { setVisitStatus } from "@/lib/visits/set-visit-status";
import { agencyWithStaff, form, getLeadWithActivities, leadOf, visitOf, type Agency } from "./web-fixtures";
import { minutesAgo } from "../../helpers/visit-clock";

// Reschedule and cancel write the lead's activity and the visit.updated event in the change's
// transaction, as booking does; a visit that has not started cannot be marked no-show.

// Read from the table: GET /events holds back what is younger than the oldest transaction still
// open, and other test files run transactions in parallel on this database.
async function visitEvents(accountId: string, visitId: string) {
  const db = await getDb();
  return db
    .select({ type: events.type, data: events.data })
    .from(events)
    .where(and(eq(events.accountId, accountId), eq(events.objectId, visitId)))
    .orderBy(asc(events.createdAt), asc(events.id));
}

const withZone = (agency: Agency, timeZone: string) => ({ ...agency.staff, timeZone });

describe(`visit reschedule, cancel and no-show on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let a: Agency;
  let other: Agency;
  beforeAll(async () => {
    a = await agencyWithStaff("Reschedule Realty");
    other = await agencyWithStaff("Other Realty");
  });

  it("moves a scheduled visit: the row, a lead_updated activity and a visit.updated event", async () => {
    const lead = await leadOf(a);
    const { visit } = await visitOf(a, lead.id);
    const moved = await rescheduleVisit(
      a.accountId,
      visit.id,
      { scheduledAt: "2030-01-03T15:30:00.000Z", durationMinutes: 45, agentId: a.owner.userId },
      userActor(a.staff),
    );
    expect(moved).toMatchObject({ scheduledAt: "2030-01-03T15:30:00.000Z", durationMinutes: 45, status: "scheduled" });
    const [latest] = (await getLeadWithActivities(a.accountId, lead.id)).activities;
    expect(latest).toMatchObject({
      type: "lead_updated",
      summary: "Visit of 2030-01-02 10:00 UTC moved to 2030-01-03 15:30 UTC",
      data: {
        visitId: visit.id,
        changes: {
          visitScheduledAt: ["2030-01-02T10:00:00.000Z", "2030-01-03T15:30:00.000Z"],
          visitDurationMinutes: [30, 45],
          visitAgentId: [null, a.owner.userId],
        },
      },
      actor: { type: "user", id: a.staff.userId },
    });
    const events = await visitEvents(a.accountId, visit.id);
    expect(events.map((e) => e.type)).toEqual(["visit.created", "visit.updated"]);
    expect(events[1].data).toMatchObject({
      object: { id: visit.id, scheduledAt: "2030-01-03T15:30:00.000Z" },
      previousAttributes: { scheduledAt: "2030-01-02T10:00:00.000Z", durationMinutes: 30, agentId: null },
    });
    // The same values again change nothing and write nothing.
    await rescheduleVisit(a.accountId, visit.id, { scheduledAt: "2030-01-03T15:30:00.000Z" }, userActor(a.staff));
    expect((await getLeadWithActivities(a.accountId, lead.id)).activities[0].id).toBe(latest.id);
    expect(await visitEvents(a.accountId, visit.id)).toHaveLength(2);
  });

  it("cancels through the outcome service, then refuses to move the cancelled visit", async () => {
    const lead = await leadOf(a);
    const { visit } = await visitOf(a, lead.id);
    await setVisitStatus(a.accountId, visit.id, "cancelled", userActor(a.staff));
    const [latest] = (await getLeadWithActivities(a.accountId, lead.id)).activities;
    expect(latest).toMatchObject({
      summary: "Visit of 2030-01-02 10:00 UTC marked cancelled",
      data: { visitId: visit.id, changes: { visitStatus: ["scheduled", "cancelled"] } },
    });
    expect((await visitEvents(a.accountId, visit.id)).map((e) => e.type)).toEqual(["visit.created", "visit.updated"]);
    await expect(
      rescheduleVisit(a.accountId, visit.id, { scheduledAt: "2030-02-01T10:00:00.000Z" }, userActor(a.staff)),
    ).rejects.toMatchObject({ code: "visit_not_scheduled", message: expect.stringContaining("cancelled") });
  });

  it("refuses another account's visit, a deleted lead's visit and another account's agent", async () => {
    const lead = await leadOf(a);
    const { visit } = await visitOf(a, lead.id);
    const later = { scheduledAt: "2030-03-01T10:00:00.000Z" };
    await expect(rescheduleVisit(other.accountId, visit.id, later, userActor(other.staff))).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      rescheduleVisit(a.accountId, visit.id, { agentId: other.staff.userId }, userActor(a.staff)),
    ).rejects.toMatchObject({ code: "validation_error", details: [{ path: "agentId" }] });
    await deleteLead(a.accountId, lead.id, userActor(a.staff));
    await expect(rescheduleVisit(a.accountId, visit.id, later, userActor(a.staff))).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("marks no-show only once the visit has started", async () => {
    const lead = await leadOf(a);
    const { visit: future } = await visitOf(a, lead.id);
    await expect(setVisitStatus(a.accountId, future.id, "no_show", userActor(a.staff))).rejects.toMatchObject({
      code: "visit_not_started",
      details: [{ path: "status" }],
    });
    expect((await visitEvents(a.accountId, future.id)).map((e) => e.type)).toEqual(["visit.created"]);
    const past = await createVisit(
      a.accountId,
      { leadId: lead.id, propertyId: future.propertyId!, scheduledAt: minutesAgo(2) },
      userActor(a.staff),
    );
    expect(await setVisitStatus(a.accountId, past.id, "no_show", userActor(a.staff))).toMatchObject({
      status: "no_show",
    });
  });

  it("books and reschedules through the forms in the viewer's zone, storing UTC", async () => {
    const lead = await leadOf(a);
    const { property } = await visitOf(a, lead.id);
    const newYork = withZone(a, "America/New_York");
    const booked = await bookVisitAction.run(
      newYork,
      form({ leadId: lead.id, propertyId: property.id, date: "2030-06-03", time: "10:00", durationMinutes: "30" }),
    );
    expect(booked).toMatchObject({ status: "success" });
    const [scheduled] = (await getLeadWithActivities(a.accountId, lead.id)).activities;
    // 10:00 EDT is 14:00 UTC.
    expect(scheduled).toMatchObject({ type: "visit_scheduled", data: { scheduledAt: "2030-06-03T14:00:00.000Z" } });

    const paris = withZone(a, "Europe/Paris");
    const moved = await rescheduleVisitAction.run(
      paris,
      form({ visitId: booked.visitId!, date: "2030-06-04", time: "16:00", durationMinutes: "60", agentId: "" }),
    );
    expect(moved).toMatchObject({ status: "success" });
    const [latest] = (await getLeadWithActivities(a.accountId, lead.id)).activities;
    expect(latest.data.changes).toMatchObject({
      visitScheduledAt: ["2030-06-03T14:00:00.000Z", "2030-06-04T14:00:00.000Z"],
      visitDurationMinutes: [30, 60],
    });
  });

  it("shows each field's error: missing choices, a time skipped by DST, an unknown property", async () => {
    const lead = await leadOf(a);
    const ny = withZone(a, "America/New_York");
    expect(await bookVisitAction.run(ny, form({ leadId: lead.id, propertyId: "", date: "", time: "" }))).toMatchObject({
      status: "error",
      fieldErrors: { propertyId: "Choose a property.", date: "Choose a day.", time: "Choose a time." },
    });
    // 2030-03-10 02:30 does not exist in New York: the clocks go from 02:00 to 03:00.
    const { property } = await visitOf(a, lead.id);
    const gap = await bookVisitAction.run(
      ny,
      form({ leadId: lead.id, propertyId: property.id, date: "2030-03-10", time: "02:30" }),
    );
    expect(gap.fieldErrors?.time).toMatch(/clocks go forward/);
    const foreign = await bookVisitAction.run(
      ny,
      form({ leadId: lead.id, propertyId: "prop_unknown", date: "2030-03-11", time: "09:00", durationMinutes: "999" }),
    );
    expect(foreign).toMatchObject({ status: "error", fieldErrors: { durationMinutes: "5–480 minutes" } });
    const missing = await bookVisitAction.run(
      ny,
      form({ leadId: lead.id, propertyId: "prop_unknown", date: "2030-03-11", time: "09:00" }),
    );
    expect(missing).toMatchObject({ status: "error", fieldErrors: { propertyId: "No such property in this account" } });
  });
});
