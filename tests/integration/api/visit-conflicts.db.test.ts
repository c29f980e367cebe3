import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, gte, lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLogEntries, visits } from "@/db/schema";
import { bookVisitAction, rescheduleVisitAction, setVisitStatusAction } from "@/app/(app)/visits/actions";
import { createApiKey } from "@/lib/keys/create-api-key";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { getMember, type Member } from "@/lib/users/get-member";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, Property, Visit } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// The guard rails on visits (issue 35): an agent is at one visit at a time (409 visit_conflict
// naming the other visit; an owner may override, audited), a new visit does not start in the
// past, and how a visit went is recorded only once it has started. Through the API and the web
// app's forms, which call the same services.

const DAY = "2031-03-04";
const at = (time: string) => `${DAY}T${time}:00.000Z`;

let t: TestTenant;
let lead: Lead;
let property: Property;
let owner: Member;
let staff: Member;
let restrictedKey: string;

async function book(body: Record<string, unknown>, key = t.key) {
  return callApi<DataBody<Visit> & ErrorBody>("POST", "/api/v1/visits", {
    key,
    body: { leadId: lead.id, propertyId: property.id, ...body },
  });
}

const patch = (visitId: string, body: unknown) =>
  callApi<DataBody<Visit> & ErrorBody>("PATCH", `/api/v1/visits/${visitId}`, { key: t.key, body });

async function booked(body: Record<string, unknown>): Promise<Visit> {
  const res = await book(body);
  expect(res.status).toBe(201);
  return res.body.data;
}

async function overrides() {
  const db = await getDb();
  return db
    .select()
    .from(auditLogEntries)
    .where(and(eq(auditLogEntries.accountId, t.accountId), eq(auditLogEntries.action, "visit.conflict_overridden")));
}

/** A FormData as the booking and reschedule forms post it (times in the member's zone: UTC). */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

beforeAll(async () => {
  t = await createTenant();
  lead = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Cora Conflict" } })).body
    .data;
  property = (
    await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "Busy loft", type: "apartment", listingType: "rent" },
    })
  ).body.data;
  const ownerMember = await getMember(t.accountId, t.userId);
  const added = await addUserToAccount({
    accountId: t.accountId,
    email: `conflict-staff-${Date.now()}@x.test`,
    name: "Sam Staff",
    password: "staff-pass-1",
    role: "staff",
  });
  const staffMember = await getMember(t.accountId, added.userId);
  if (!ownerMember || !staffMember) throw new Error("members missing");
  owner = { ...ownerMember, timeZone: "UTC" };
  staff = { ...staffMember, timeZone: "UTC" };
  restrictedKey = (
    await createApiKey({
      accountId: t.accountId,
      name: "Booking widget",
      createdBy: t.userId,
      permissions: { leads: "read", properties: "read", visits: "write" },
    })
  ).key;
});

describe("one agent, one visit at a time", () => {
  it("refuses an overlapping visit for the same agent, naming the other visit", async () => {
    const first = await booked({ scheduledAt: at("14:00"), durationMinutes: 45, agentId: owner.userId });
    const res = await book({ scheduledAt: at("14:15"), durationMinutes: 45, agentId: owner.userId });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "visit_conflict",
      details: [{ path: "scheduledAt", visitId: first.id, scheduledAt: first.scheduledAt }],
    });
    expect(res.body.error.message).toContain(first.scheduledAt);
    // Starting earlier and running into it is an overlap too; so is one inside it.
    expect((await book({ scheduledAt: at("13:30"), durationMinutes: 45, agentId: owner.userId })).status).toBe(409);
    expect((await book({ scheduledAt: at("14:10"), durationMinutes: 5, agentId: owner.userId })).status).toBe(409);
    const kept = await callApi<{ data: Visit[] }>("GET", `/api/v1/visits?from=${at("13:00")}&to=${at("15:00")}`, {
      key: t.key,
    });
    expect(kept.body.data.map((v) => v.id)).toEqual([first.id]);
  });

  it("allows back to back, another agent, no agent, and the slot of a cancelled visit", async () => {
    const first = await booked({ scheduledAt: at("16:00"), durationMinutes: 45, agentId: owner.userId });
    await booked({ scheduledAt: at("16:45"), durationMinutes: 30, agentId: owner.userId });
    await booked({ scheduledAt: at("15:30"), durationMinutes: 30, agentId: owner.userId });
    await booked({ scheduledAt: at("16:00"), durationMinutes: 45, agentId: staff.userId });
    await booked({ scheduledAt: at("16:00"), durationMinutes: 45, agentId: null });
    expect((await patch(first.id, { status: "cancelled" })).status).toBe(200);
    await booked({ scheduledAt: at("16:15"), durationMinutes: 20, agentId: owner.userId });
  });

  it("refuses a move or a change of agent into another visit of the agent, not a move of the visit itself", async () => {
    const morning = await booked({ scheduledAt: at("09:00"), durationMinutes: 60, agentId: owner.userId });
    const later = await booked({ scheduledAt: at("11:00"), durationMinutes: 30, agentId: owner.userId });
    const moved = await patch(later.id, { scheduledAt: at("09:30") });
    expect(moved.status).toBe(409);
    expect(moved.body.error.details?.[0]).toMatchObject({ visitId: morning.id, scheduledAt: morning.scheduledAt });
    expect((await patch(later.id, { durationMinutes: 150, scheduledAt: at("07:00") })).status).toBe(409);
    // Its own old slot never blocks it: 11:00 → 11:15 overlaps only itself.
    expect((await patch(later.id, { scheduledAt: at("11:15") })).status).toBe(200);
    const staffs = await booked({ scheduledAt: at("09:15"), durationMinutes: 30, agentId: staff.userId });
    const reassigned = await patch(staffs.id, { agentId: owner.userId });
    expect(reassigned.status).toBe(409);
    expect(reassigned.body.error.details?.[0]).toMatchObject({ visitId: morning.id });
    // Notes alone do not re-check the slot.
    expect((await patch(later.id, { notes: "Bring the keys" })).status).toBe(200);
  });

  it("lets a Full access key book over a conflict, audited; a restricted key may not", async () => {
    const first = await booked({ scheduledAt: at("18:00"), durationMinutes: 60, agentId: owner.userId });
    const refused = await book(
      { scheduledAt: at("18:30"), durationMinutes: 30, agentId: owner.userId, allowConflict: true },
      restrictedKey,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "insufficient_permissions",
      details: [{ path: "allowConflict" }],
    });
    expect(await overrides()).toHaveLength(0);

    const over = await book({
      scheduledAt: at("18:30"),
      durationMinutes: 30,
      agentId: owner.userId,
      allowConflict: true,
    });
    expect(over.status).toBe(201);
    const audit = await overrides();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorType: "api_key",
      actorId: t.keyId,
      targetType: "visit",
      targetId: over.body.data.id,
      changes: { overlapsVisitId: [null, first.id], overlapsScheduledAt: [null, first.scheduledAt] },
    });
    // Without a conflict the flag changes nothing and is not audited.
    await booked({ scheduledAt: at("20:00"), agentId: owner.userId, allowConflict: true });
    expect(await overrides()).toHaveLength(1);
  });

  it("two bookings of one agent at once at overlapping times: exactly one wins", async () => {
    const answers = await Promise.all(
      ["12:00", "12:10", "12:20", "12:05", "12:15", "12:25"].map((time) =>
        book({ scheduledAt: at(time), durationMinutes: 30, agentId: staff.userId }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 201)!.body.data;
    for (const lost of answers.filter((a) => a.status === 409))
      expect(lost.body.error.details?.[0]).toMatchObject({ visitId: winner.id });
    const db = await getDb();
    const noon = await db
      .select({ id: visits.id })
      .from(visits)
      .where(
        and(
          eq(visits.agentId, staff.userId),
          gte(visits.scheduledAt, new Date(at("12:00"))),
          lt(visits.scheduledAt, new Date(at("13:00"))),
        ),
      );
    expect(noon).toEqual([{ id: winner.id }]);
  });
});

describe("the web app's forms", () => {
  it("refuses a double booking in words; staff cannot book anyway, an owner can, audited", async () => {
    const first = await booked({ scheduledAt: at("10:00"), durationMinutes: 45, agentId: staff.userId });
    const fields = {
      leadId: lead.id,
      propertyId: property.id,
      date: DAY,
      time: "10:30",
      durationMinutes: "30",
      agentId: staff.userId,
    };
    const refused = await bookVisitAction.run(staff, form(fields));
    expect(refused).toMatchObject({
      status: "error",
      conflictVisitId: first.id,
      fieldErrors: { scheduledAt: expect.stringContaining("Overlaps") },
    });
    expect(refused.message).toContain("already has a visit at");
    const before = (await overrides()).length;
    const staffAnyway = await bookVisitAction.run(staff, form({ ...fields, allowConflict: "on" }));
    expect(staffAnyway).toMatchObject({ status: "error", message: expect.stringContaining("Only an account owner") });
    expect(await overrides()).toHaveLength(before);

    const ownerAnyway = await bookVisitAction.run(owner, form({ ...fields, allowConflict: "on" }));
    expect(ownerAnyway).toMatchObject({ status: "success" });
    const audit = await overrides();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ actorType: "user", actorId: owner.userId, targetId: ownerAnyway.visitId });
  });

  it("refuses a reschedule into another visit of the agent", async () => {
    const first = await booked({ scheduledAt: at("19:00"), durationMinutes: 60, agentId: staff.userId });
    const other = await booked({ scheduledAt: at("21:00"), durationMinutes: 30, agentId: staff.userId });
    const move = { visitId: other.id, date: DAY, time: "19:30", durationMinutes: "30", agentId: staff.userId };
    expect(await rescheduleVisitAction.run(staff, form(move))).toMatchObject({
      status: "error",
      conflictVisitId: first.id,
    });
    expect(await rescheduleVisitAction.run(owner, form({ ...move, allowConflict: "on" }))).toMatchObject({
      status: "success",
    });
  });
});

describe("time", () => {
  it("refuses a new visit in the past, with a 5-minute allowance for clock skew", async () => {
    const res = await book({ scheduledAt: "2020-06-01T10:00:00.000Z" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "validation_error", details: [{ path: "scheduledAt" }] });
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await book({ scheduledAt: hourAgo })).status).toBe(400);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    expect((await book({ scheduledAt: twoMinutesAgo })).status).toBe(201);
  });

  it("refuses completed and no-show before the visit starts, in the API and the web app; cancelled is fine", async () => {
    const upcoming = await booked({ scheduledAt: at("08:00") });
    for (const status of ["completed", "no_show"]) {
      const res = await patch(upcoming.id, { status });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: "visit_not_started", details: [{ path: "status" }] });
      expect(await setVisitStatusAction.run(staff, form({ visitId: upcoming.id, status }))).toMatchObject({
        status: "error",
        message: expect.stringContaining("cannot be marked"),
      });
    }
    expect((await patch(upcoming.id, { status: "cancelled" })).body.data.status).toBe("cancelled");

    // Once it has begun (booked a minute ago, within the allowance), how it went can be recorded.
    const begun = await booked({ scheduledAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await patch(begun.id, { status: "completed" })).body.data.status).toBe("completed");
  });
});
