import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, events } from "@/db/schema";
import { rescheduleVisitAction, setVisitStatusAction } from "@/app/(app)/visits/actions";
import { createApiKey } from "@/lib/keys/create-api-key";
import { getMember } from "@/lib/users/get-member";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type {
  Activity,
  DataBody,
  ErrorBody,
  Lead,
  LeadWithActivities,
  Property,
  Visit,
} from "../../helpers/api-bodies";
import { letVisitBegin, minutesAgo } from "../../helpers/visit-clock";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// PATCH /api/v1/visits/:id: the web app's reschedule and outcome rules, activities and events,
// through the API. Events are read from the table: GET /events holds back what is younger than
// the oldest transaction still open, and other files run transactions on this database.

const FUTURE = "2030-01-02T10:00:00.000Z";
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

afterEach(() => vi.useRealTimers());

let t: TestTenant;
let lead: Lead;
let property: Property;

async function visitEvents(visitId: string) {
  const db = await getDb();
  return db
    .select({ type: events.type, data: events.data, actorType: events.actorType })
    .from(events)
    .where(and(eq(events.accountId, t.accountId), eq(events.objectId, visitId)))
    .orderBy(asc(events.createdAt), asc(events.id));
}

async function book(scheduledAt = FUTURE): Promise<Visit> {
  const res = await callApi<DataBody<Visit>>("POST", "/api/v1/visits", {
    key: t.key,
    body: { leadId: lead.id, propertyId: property.id, scheduledAt },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

const patch = <T = DataBody<Visit>>(visitId: string, body: unknown, key = t.key) =>
  callApi<T>("PATCH", `/api/v1/visits/${visitId}`, { key, body });

/** The lead's activities about this visit, newest first. */
async function visitActivities(visitId: string): Promise<Activity[]> {
  const { body } = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${lead.id}`, { key: t.key });
  return body.data.activities.filter((a) => (a.data as { visitId?: string }).visitId === visitId);
}

beforeAll(async () => {
  t = await createTenant();
  lead = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Vera Visit" } })).body
    .data;
  property = (
    await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "Loft", type: "apartment", listingType: "rent" },
    })
  ).body.data;
});

describe(`PATCH /visits/:id on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("reschedules: UTC times, a lead_updated activity and one visit.updated event; the same values write nothing", async () => {
    const visit = await book();
    const res = await patch(visit.id, {
      scheduledAt: "2030-01-03T16:30:00+01:00",
      durationMinutes: 60,
      agentId: t.userId,
      notes: "Bring the keys",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...visit,
      scheduledAt: "2030-01-03T15:30:00.000Z",
      durationMinutes: 60,
      agentId: t.userId,
      notes: "Bring the keys",
      version: 2,
    });
    expect((await callApi("GET", `/api/v1/visits/${visit.id}`, { key: t.key })).body).toEqual(res.body);
    const [activity, ...older] = await visitActivities(visit.id);
    expect(activity).toMatchObject({
      type: "lead_updated",
      summary: "Visit of 2030-01-02 10:00 UTC moved to 2030-01-03 15:30 UTC",
      data: {
        visitId: visit.id,
        changes: {
          visitScheduledAt: [FUTURE, "2030-01-03T15:30:00.000Z"],
          visitDurationMinutes: [30, 60],
          visitAgentId: [null, t.userId],
          visitNotes: [null, "Bring the keys"],
        },
      },
      actor: { type: "api_key", id: t.keyId, name: t.keyName },
    });
    expect(older.map((a) => a.type)).toEqual(["visit_scheduled"]);
    const [created, updated] = await visitEvents(visit.id);
    expect(created.type).toBe("visit.created");
    expect(updated).toMatchObject({
      type: "visit.updated",
      actorType: "api_key",
      data: {
        object: res.body.data,
        previousAttributes: { scheduledAt: FUTURE, durationMinutes: 30, agentId: null, notes: null, version: 1 },
      },
    });

    // The same values again (another offset, the same instant) change nothing and write nothing.
    const again = await patch(visit.id, { scheduledAt: "2030-01-03T10:30:00-05:00", notes: "Bring the keys" });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    expect(await visitActivities(visit.id)).toHaveLength(2);
    expect(await visitEvents(visit.id)).toHaveLength(2);
    // null clears.
    expect((await patch(visit.id, { agentId: null, notes: null })).body.data).toMatchObject({
      agentId: null,
      notes: null,
    });
  });

  it("records outcomes and corrects them; a visit never goes back to scheduled, and history is not moved", async () => {
    const visit = await book();
    // `scheduled` on a scheduled visit keeps it as it is.
    expect((await patch(visit.id, { status: "scheduled" })).body.data).toEqual(visit);
    letVisitBegin(FUTURE);
    const done = await patch(visit.id, { status: "completed" });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe("completed");
    const cancelled = await patch(visit.id, { status: "cancelled" });
    expect(cancelled.body.data.status).toBe("cancelled");
    const [correction, outcome] = await visitActivities(visit.id);
    expect(outcome).toMatchObject({
      type: "lead_updated",
      summary: "Visit of 2030-01-02 10:00 UTC marked completed",
      data: { visitId: visit.id, changes: { visitStatus: ["scheduled", "completed"] } },
    });
    expect(correction.data).toMatchObject({ changes: { visitStatus: ["completed", "cancelled"] } });
    expect((await visitEvents(visit.id)).map((e) => [e.type, e.data.previousAttributes])).toEqual([
      ["visit.created", undefined],
      ["visit.updated", { status: "scheduled", version: 1 }],
      ["visit.updated", { status: "completed", version: 2 }],
    ]);
    // The same status again writes nothing.
    expect((await patch(visit.id, { status: "cancelled" })).status).toBe(200);
    expect(await visitEvents(visit.id)).toHaveLength(3);

    const refusals: Array<[unknown, RegExp]> = [
      [{ status: "scheduled" }, /cancelled visit cannot go back to scheduled/],
      [{ scheduledAt: "2030-02-01T10:00:00.000Z" }, /Only a scheduled visit can be rescheduled; this one is cancelled/],
      [{ notes: "Too late" }, /Only a scheduled visit/],
      [{ notes: "Too late", status: "completed" }, /Only a scheduled visit/],
    ];
    for (const [body, message] of refusals) {
      const res = await patch<ErrorBody>(visit.id, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.error).toMatchObject({ code: "visit_not_scheduled", message: expect.stringMatching(message) });
    }
    expect((await callApi("GET", `/api/v1/visits/${visit.id}`, { key: t.key })).body.data).toEqual(cancelled.body.data);
    expect(await visitEvents(visit.id)).toHaveLength(3);
  });

  it("marks no-show only once the visit has started, also when the same request moves it there", async () => {
    const future = await book();
    const refused = await patch<ErrorBody>(future.id, { status: "no_show" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "visit_not_started",
      details: [{ path: "status", message: "This visit has not started yet" }],
    });
    expect((await visitEvents(future.id)).map((e) => e.type)).toEqual(["visit.created"]);

    const past = await book(minutesAgo(2));
    expect((await patch(past.id, { status: "no_show" })).body.data.status).toBe("no_show");

    // Moved into the past and marked missed in one request: two activities, one event, one transaction.
    const earlier = hourAgo();
    const both = await patch(future.id, { scheduledAt: earlier, status: "no_show" });
    expect(both.status).toBe(200);
    expect(both.body.data).toMatchObject({ scheduledAt: earlier, status: "no_show" });
    expect(
      (await visitActivities(future.id)).map((a) => Object.keys((a.data.changes as object | undefined) ?? {})),
    ).toEqual([["visitStatus"], ["visitScheduledAt"], []]);
    const updates = (await visitEvents(future.id)).filter((e) => e.type === "visit.updated");
    expect(updates.map((e) => e.data.previousAttributes)).toEqual([
      { scheduledAt: FUTURE, status: "scheduled", version: 1 },
    ]);
    // One request, one change: the move and the outcome are one version.
    expect(updates.map((e) => (e.data.object as Visit).version)).toEqual([2]);

    // A refused step rolls back the whole request: the move is not kept either.
    const other = await book();
    const rolledBack = await patch<ErrorBody>(other.id, { scheduledAt: "2030-05-01T10:00:00.000Z", status: "no_show" });
    expect(rolledBack.body.error?.code).toBe("visit_not_started");
    expect((await callApi("GET", `/api/v1/visits/${other.id}`, { key: t.key })).body.data).toEqual(other);
    expect(await visitActivities(other.id)).toHaveLength(1);
  });

  it("answers 400 validation_error with every problem at its field", async () => {
    const visit = await book();
    const empty = await patch<ErrorBody>(visit.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({
      code: "validation_error",
      details: [{ path: "", message: "Send at least one field to change" }],
    });
    const bad = await patch<ErrorBody>(visit.id, {
      scheduledAt: "tomorrow",
      durationMinutes: 2,
      status: "done",
      notes: "x".repeat(2001),
      leadId: lead.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("validation_error");
    expect(bad.body.error?.details?.map((d) => d.path).sort()).toEqual(
      ["durationMinutes", "leadId", "notes", "scheduledAt", "status"].sort(),
    );
    const badId = await callApi<ErrorBody>("PATCH", `/api/v1/visits/visit_${"x".repeat(120)}`, {
      key: t.key,
      body: { notes: "x" },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error?.details?.[0].path).toBe("id");
    expect((await visitEvents(visit.id)).map((e) => e.type)).toEqual(["visit.created"]);
  });

  it("answers 404 for another account's visit, an unknown id, a deleted lead's visit and a stranger agent", async () => {
    const visit = await book();
    const stranger = await createTenant();
    for (const [id, key] of [
      [visit.id, stranger.key],
      ["visit_01aaaaaaaaaaaaaaaaaaaaaaaa", t.key],
    ]) {
      const res = await patch<ErrorBody>(id, { status: "cancelled" }, key);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: "not_found", message: "Visit not found." });
    }
    const foreignAgent = await patch<ErrorBody>(visit.id, { agentId: stranger.userId });
    expect(foreignAgent.status).toBe(400);
    expect(foreignAgent.body.error).toMatchObject({
      code: "validation_error",
      details: [{ path: "agentId", message: "No such user in this account" }],
    });
    expect((await visitEvents(visit.id)).map((e) => e.type)).toEqual(["visit.created"]);

    // Its own lead and visit, so the other tests keep theirs.
    const gone = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Gone" } })).body
      .data;
    const orphan = (
      await callApi<DataBody<Visit>>("POST", "/api/v1/visits", {
        key: t.key,
        body: { leadId: gone.id, propertyId: property.id, scheduledAt: FUTURE },
      })
    ).body.data;
    await callApi("DELETE", `/api/v1/leads/${gone.id}`, { key: t.key });
    expect((await patch<ErrorBody>(orphan.id, { status: "cancelled" })).body.error?.code).toBe("not_found");
    // GET still reads it, as the list does.
    expect((await callApi("GET", `/api/v1/visits/${orphan.id}`, { key: t.key })).status).toBe(200);
  });

  it("needs visits:write: a read-only key gets 403 and changes nothing", async () => {
    const visit = await book();
    const { key } = await createApiKey({
      accountId: t.accountId,
      name: "Calendar reader",
      createdBy: t.userId,
      permissions: { visits: "read", leads: "read" },
    });
    const res = await patch<ErrorBody>(visit.id, { status: "cancelled" }, key);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "insufficient_permissions",
      details: [{ path: "permissions.visits", permission: "visits:write" }],
    });
    expect((await callApi("GET", `/api/v1/visits/${visit.id}`, { key })).body.data).toEqual(visit);
  });

  it("writes what the web app's forms write: the same activities and events for the same changes", async () => {
    const owner = await getMember(t.accountId, t.userId);
    if (!owner) throw new Error("owner missing");
    const [byApi, byWeb] = [await book(), await book()];
    await patch(byApi.id, { scheduledAt: "2030-01-04T09:00:00.000Z", durationMinutes: 45 });
    await patch(byApi.id, { status: "cancelled" });
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return data;
    };
    // The reschedule form reads its date and time in the member's zone: UTC here.
    const utcOwner = { ...owner, timeZone: "UTC" };
    expect(
      await rescheduleVisitAction.run(
        utcOwner,
        form({ visitId: byWeb.id, date: "2030-01-04", time: "09:00", durationMinutes: "45", agentId: "" }),
      ),
    ).toMatchObject({ status: "success" });
    expect(await setVisitStatusAction.run(utcOwner, form({ visitId: byWeb.id, status: "cancelled" }))).toMatchObject({
      status: "success",
    });

    const db = await getDb();
    const shape = async (visitId: string) => ({
      activities: (
        await db
          .select({ type: activities.type, summary: activities.summary, data: activities.data })
          .from(activities)
          .where(eq(activities.leadId, lead.id))
          .orderBy(asc(activities.createdAt), asc(activities.id))
      )
        .filter((a) => (a.data as { visitId?: string }).visitId === visitId)
        .map((a) => ({ ...a, data: { ...(a.data as object), visitId: "…" } })),
      events: (await visitEvents(visitId)).map((e) => ({
        type: e.type,
        previousAttributes: e.data.previousAttributes,
        object: { ...e.data.object, id: "…", createdAt: "…" },
      })),
    });
    const api = await shape(byApi.id);
    expect(api.activities.map((a) => a.summary)).toEqual([
      "Visit scheduled for 2030-01-02 10:00 UTC",
      "Visit of 2030-01-02 10:00 UTC moved to 2030-01-04 09:00 UTC",
      "Visit of 2030-01-04 09:00 UTC marked cancelled",
    ]);
    expect(await shape(byWeb.id)).toEqual(api);
  });
});
