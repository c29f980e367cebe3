import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { addNote } from "@/lib/activities/add-note";
import { recordEvent } from "@/lib/events/record-event";
import { userActor } from "@/lib/activities/user-actor";
import { restoreLead } from "@/lib/leads/restore-lead";
import { setVisitStatus } from "@/lib/visits/set-visit-status";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type {
  DataBody,
  ErrorBody,
  Event,
  Lead,
  LeadWithActivities,
  ListBody,
  Property,
  Visit,
} from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

/** A page of the feed. An event shows once every transaction older than its own has ended
 * (lib/events/list-events.ts), and other test files write to this server meanwhile: wait for
 * `count` events, briefly, before reading the page. */
async function feed(t: TestTenant, qs = "", count?: number): Promise<ListBody<Event>> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await callApi<ListBody<Event>>("GET", `/api/v1/events${qs}`, { key: t.key });
    expect(res.status).toBe(200);
    if (count === undefined || res.body.data.length >= count || Date.now() > deadline) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 100)); // well under the key's 100 a minute
  }
}

const post = async <T>(t: TestTenant, path: string, body: unknown) => {
  const res = await callApi<DataBody<T>>("POST", path, { key: t.key, body });
  expect(res.status).toBe(201);
  return { data: res.body.data, requestId: res.headers.get("x-request-id") };
};

describe("events", () => {
  it("every change through the API writes one event: its public shape, previous values, actor and request id", async () => {
    const t = await createTenant();
    const created = await post<Lead>(t, "/api/v1/leads", { name: "Ada", email: "ada@x.test", phone: "+14155550123" });
    const lead = created.data;
    await callApi("PATCH", `/api/v1/leads/${lead.id}`, { key: t.key, body: { email: "ada@y.test" } });
    await callApi("PATCH", `/api/v1/leads/${lead.id}`, { key: t.key, body: { status: "contacted", budget: 5 } });
    await callApi("PATCH", `/api/v1/leads/${lead.id}`, { key: t.key, body: { budget: 5 } }); // no change: no event
    const property = (
      await post<Property>(t, "/api/v1/properties", { title: "Flat", type: "house", listingType: "sale" })
    ).data;
    await callApi("PATCH", `/api/v1/properties/${property.id}`, { key: t.key, body: { price: 100 } });
    const visit = (
      await post<Visit>(t, "/api/v1/visits", {
        leadId: lead.id,
        propertyId: property.id,
        scheduledAt: "2030-01-02T10:00:00.000Z",
      })
    ).data;
    await post(t, `/api/v1/leads/${lead.id}/sms`, { message: "Hi" });
    const current = (await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${lead.id}`, { key: t.key }))
      .body.data;
    await callApi("DELETE", `/api/v1/properties/${property.id}`, { key: t.key });
    const deleted = await callApi("DELETE", `/api/v1/leads/${lead.id}`, { key: t.key });

    const events = (await feed(t, "?limit=100", 10)).data;
    expect(events.map((e) => e.type)).toEqual([
      "lead.created",
      "lead.updated",
      "lead.status_changed",
      "property.created",
      "property.updated",
      "visit.created",
      // The booking moves the lead to Visit scheduled, by the system for the key (pipeline-moves.ts).
      "lead.status_changed",
      "sms.sent",
      "property.deleted",
      "lead.deleted",
    ]);
    const [leadCreated, leadUpdated, statusChanged] = events;
    expect(leadCreated.data).toEqual({ object: lead });
    expect(leadCreated.requestId).toBe(created.requestId);
    expect(leadCreated.actor).toEqual({ type: "api_key", id: t.keyId, name: t.keyName });
    expect(leadUpdated.data.previousAttributes).toEqual({ email: "ada@x.test", version: 1 });
    expect(statusChanged.data.previousAttributes).toEqual({ status: "new", budget: null, version: 2 });
    expect(events[4].data.previousAttributes).toEqual({ price: null, version: 1 });
    expect(events[5].data.object).toEqual(visit);
    expect(events[6]).toMatchObject({
      actor: { type: "system", id: null, name: `Pipeline, for ${t.keyName}` },
      requestId: events[5].requestId,
      data: { previousAttributes: { status: "contacted", propertyId: null, version: 3 } },
    });
    expect(events[8].data.object).toMatchObject({ id: property.id, price: 100, deleted: true });
    // A deletion carries the object as it was, with the version the deletion took.
    const { activities, activitiesHasMore, ...beforeDeletion } = current;
    // The property's deletion cleared the lead's propertyId (set there by the booking) in between.
    expect(events[9].data.object).toEqual({
      ...beforeDeletion,
      propertyId: null,
      version: beforeDeletion.version + 1,
      deleted: true,
    });
    expect(events[9].data.object.id).toBe(lead.id);
    expect(events[9].requestId).toBe(deleted.headers.get("x-request-id"));
    expect(activities.length + Number(activitiesHasMore)).toBeGreaterThan(0);
    expect(new Set(events.map((e) => e.id)).size).toBe(10);
  });

  it("changes made in the web UI are events too, by the user and with no request id", async () => {
    const t = await createTenant();
    const user = userActor({ userId: t.userId, name: "Olive Owner" });
    const lead = (await post<Lead>(t, "/api/v1/leads", { name: "Bo" })).data;
    const property = (await post<Property>(t, "/api/v1/properties", { title: "H", type: "house", listingType: "sale" }))
      .data;
    const visit = (
      await post<Visit>(t, "/api/v1/visits", {
        leadId: lead.id,
        propertyId: property.id,
        scheduledAt: "2030-01-02T10:00:00.000Z",
      })
    ).data;
    // Cancelled: a visit in 2030 has not begun, so it cannot be completed yet.
    await setVisitStatus(t.accountId, visit.id, "cancelled", user);
    const note = await addNote(t.accountId, lead.id, "Called, wants a second viewing", user);
    await callApi("DELETE", `/api/v1/leads/${lead.id}`, { key: t.key });
    await restoreLead({ accountId: t.accountId, actorUserId: t.userId, leadId: lead.id });

    const events = (await feed(t, "?type=visit.updated,note.created,lead.restored", 3)).data;
    expect(events.map((e) => e.type)).toEqual(["visit.updated", "note.created", "lead.restored"]);
    expect(events[0].data).toEqual({
      object: { ...visit, status: "cancelled", version: 2 },
      previousAttributes: { status: "scheduled", version: 1 },
    });
    expect(events[1].data.object).toEqual(note);
    expect(events[1].actor).toEqual({ type: "user", id: t.userId, name: "Olive Owner" });
    expect(events.every((e) => e.requestId === null)).toBe(true);
    expect(events[2].data.object).toMatchObject({ id: lead.id, name: "Bo" });
  });

  it("an event written in a transaction that rolls back does not exist", async () => {
    const t = await createTenant();
    const db = await getDb();
    const rolledBack = db.transaction(async (tx) => {
      await recordEvent(
        tx,
        t.accountId,
        { type: "system", id: null, name: "test" },
        {
          type: "lead.deleted",
          object: { id: "lead_gone" } as never,
        },
      );
      throw new Error("roll back");
    });
    await expect(rolledBack).rejects.toThrow("roll back");
    // A refused change (a 404 for another account's property) rolls back too.
    const lead = (await post<Lead>(t, "/api/v1/leads", { name: "Cy" })).data;
    const refused = await callApi("PATCH", `/api/v1/leads/${lead.id}`, {
      key: t.key,
      body: { status: "won", propertyId: "prop_notmine" },
    });
    expect(refused.status).toBe(404);
    expect((await feed(t, "", 1)).data.map((e) => e.type)).toEqual(["lead.created"]);
  });

  it("filters by type (comma list, `lead.*`), objectId and createdAfter; another account sees none", async () => {
    const t = await createTenant();
    const a = (await post<Lead>(t, "/api/v1/leads", { name: "A" })).data;
    const b = (await post<Lead>(t, "/api/v1/leads", { name: "B" })).data;
    await post(t, "/api/v1/properties", { title: "P", type: "land", listingType: "sale" });
    await callApi("PATCH", `/api/v1/leads/${a.id}`, { key: t.key, body: { status: "won" } });
    const all = (await feed(t, "", 4)).data;
    expect(all).toHaveLength(4);

    const types = async (qs: string) => (await feed(t, qs)).data.map((e) => e.type);
    expect(await types("?type=lead.*")).toEqual(["lead.created", "lead.created", "lead.status_changed"]);
    expect(await types("?type=property.created,lead.status_changed")).toEqual([
      "property.created",
      "lead.status_changed",
    ]);
    expect((await feed(t, `?objectId=${a.id}`)).data.map((e) => e.data.object.id)).toEqual([a.id, a.id]);
    expect((await feed(t, `?createdAfter=${encodeURIComponent(all[1].createdAt)}`)).data.length).toBeLessThan(4);
    expect((await feed(t, "?sort=-createdAt")).data.map((e) => e.id)).toEqual(all.map((e) => e.id).reverse());

    const bad = await callApi<ErrorBody>("GET", "/api/v1/events?type=lead.exploded", { key: t.key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: "type", message: 'Unknown event type "lead.exploded"' }]);

    const other = await createTenant();
    expect((await feed(other)).data).toEqual([]);
    expect((await feed(other, `?objectId=${b.id}`)).data).toEqual([]);
  });

  it("paged from the start and polled with its last cursor, the feed shows each event once", async () => {
    const t = await createTenant();
    for (const name of ["1", "2", "3", "4", "5"]) await post(t, "/api/v1/leads", { name });
    await feed(t, "", 5);

    const seen: string[] = [];
    let cursor = "";
    for (;;) {
      const page = await feed(t, `?limit=2${cursor && `&cursor=${cursor}`}`);
      seen.push(...page.data.map((e) => (e.data.object as Lead).name));
      cursor = page.meta.cursor ?? "";
      if (!page.meta.hasMore) break;
    }
    expect(seen).toEqual(["1", "2", "3", "4", "5"]);
    // Caught up: an empty page that keeps the cursor, so a poller always has one.
    const idle = await feed(t, `?limit=2&cursor=${cursor}`);
    expect(idle.data).toEqual([]);
    expect(idle.meta.cursor).toBe(cursor);

    for (const name of ["6", "7"]) await post(t, "/api/v1/leads", { name });
    const next = await feed(t, `?limit=10&cursor=${cursor}`, 2);
    expect(next.data.map((e) => (e.data.object as Lead).name)).toEqual(["6", "7"]);

    // A cursor is bound to its filters.
    const typed = await callApi<ErrorBody>("GET", `/api/v1/events?type=lead.*&cursor=${cursor}`, { key: t.key });
    expect(typed.status).toBe(400);
    expect(typed.body.error.code).toBe("invalid_cursor");
  });
});
