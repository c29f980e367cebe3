import { describe, expect, it } from "vitest";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type {
  Activity,
  DataBody,
  ErrorBody,
  Lead,
  LeadWithActivities,
  ListBody,
  Property,
  Visit,
} from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

async function leadAndProperty(t: TestTenant) {
  const lead = (
    await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Visitor", phone: "+14155550123" },
    })
  ).body.data;
  const property = (
    await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "Loft", type: "apartment", listingType: "rent" },
    })
  ).body.data;
  return { lead, property };
}

describe("visits", () => {
  it("schedules a visit (default 30 minutes, status scheduled) and writes visit_scheduled", async () => {
    const t = await createTenant();
    const { lead, property } = await leadAndProperty(t);
    const res = await callApi<DataBody<Visit>>("POST", "/api/v1/visits", {
      key: t.key,
      body: {
        leadId: lead.id,
        propertyId: property.id,
        scheduledAt: "2030-12-03T15:30:00+01:00",
        agentId: t.userId,
        notes: "Bring keys",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      leadId: lead.id,
      propertyId: property.id,
      scheduledAt: "2030-12-03T14:30:00.000Z",
      durationMinutes: 30,
      status: "scheduled",
      agentId: t.userId,
      notes: "Bring keys",
    });
    expect(res.headers.get("location")).toBe(`/api/v1/visits/${res.body.data.id}`);
    const { body } = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${lead.id}`, { key: t.key });
    // Then the lead's move to Visit scheduled, made for the booking (pipeline-moves.db.test.ts).
    expect(body.data.activities.slice(0, 2)).toMatchObject([
      { type: "lead_status_changed", data: { changes: { status: ["new", "visit_scheduled"] }, trigger: "visit" } },
      { type: "visit_scheduled", data: { visitId: res.body.data.id } },
    ]);
  });

  it("GET /visits/:id answers the visit at the POST's Location; 404 for another account's or an unknown id", async () => {
    const t = await createTenant();
    const { lead, property } = await leadAndProperty(t);
    const created = await callApi<DataBody<Visit>>("POST", "/api/v1/visits", {
      key: t.key,
      body: { leadId: lead.id, propertyId: property.id, scheduledAt: "2030-12-04T09:00:00.000Z" },
    });
    const location = created.headers.get("location")!;
    const res = await callApi("GET", location, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: created.body.data });
    // As in the list, the visit outlives its lead's deletion and its property's.
    await callApi("DELETE", `/api/v1/leads/${lead.id}`, { key: t.key });
    await callApi("DELETE", `/api/v1/properties/${property.id}`, { key: t.key });
    expect((await callApi("GET", location, { key: t.key })).body.data).toEqual({
      ...created.body.data,
      propertyId: null,
    });
    const stranger = await createTenant();
    for (const [key, path] of [
      [stranger.key, location],
      [t.key, "/api/v1/visits/visit_nope"],
    ] as const) {
      const missing = await callApi<ErrorBody>("GET", path, { key });
      expect(missing.status, path).toBe(404);
      expect(missing.body.error).toMatchObject({ code: "not_found", message: "Visit not found." });
    }
    // Changes go through PATCH (visit-update.db.test.ts); cancelling is status=cancelled, not DELETE.
    const remove = await callApi("DELETE", location, { key: t.key });
    expect(remove.status).toBe(405);
    expect(remove.headers.get("allow")).toBe("GET, PATCH, HEAD, OPTIONS");
  });

  it("validates duration, required fields and references", async () => {
    const t = await createTenant();
    const { lead, property } = await leadAndProperty(t);
    const bad = await callApi<ErrorBody>("POST", "/api/v1/visits", {
      key: t.key,
      body: { leadId: lead.id, scheduledAt: "soon", durationMinutes: 481 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.map((d) => d.path).sort()).toEqual(["durationMinutes", "propertyId", "scheduledAt"]);
    const missingLead = await callApi("POST", "/api/v1/visits", {
      key: t.key,
      body: { leadId: "lead_nope", propertyId: property.id, scheduledAt: "2030-12-03T10:00:00.000Z" },
    });
    expect(missingLead.status).toBe(404);
    const other = await createTenant();
    const agent = await callApi<ErrorBody>("POST", "/api/v1/visits", {
      key: t.key,
      body: {
        leadId: lead.id,
        propertyId: property.id,
        scheduledAt: "2030-12-03T10:00:00.000Z",
        agentId: other.userId,
      },
    });
    expect(agent.status).toBe(400);
    expect(agent.body.error).toMatchObject({
      code: "validation_error",
      details: [{ path: "agentId", message: "No such user in this account" }],
    });
  });

  it("lists with leadId, propertyId, status, from and to filters", async () => {
    const t = await createTenant();
    const { lead, property } = await leadAndProperty(t);
    const { lead: lead2 } = await leadAndProperty(t);
    for (const [l, at] of [
      [lead, "2030-12-01T09:00:00.000Z"],
      [lead, "2030-12-05T09:00:00.000Z"],
      [lead2, "2030-12-10T09:00:00.000Z"],
    ] as const) {
      await callApi("POST", "/api/v1/visits", {
        key: t.key,
        body: { leadId: l.id, propertyId: property.id, scheduledAt: at },
      });
    }
    const count = async (qs: string) =>
      (await callApi<ListBody<Visit>>("GET", `/api/v1/visits?${qs}`, { key: t.key })).body.data.length;
    expect(await count(`leadId=${lead.id}`)).toBe(2);
    expect(await count(`propertyId=${property.id}`)).toBe(3);
    expect(await count("status=scheduled")).toBe(3);
    expect(await count("status=completed")).toBe(0);
    expect(await count("from=2030-12-04T00:00:00.000Z&to=2030-12-10T09:00:00.000Z")).toBe(1);
  });
});

describe("activities", () => {
  it("lists the account's activities newest first with leadId, type and createdAfter filters; keeps deleted leads'", async () => {
    const t = await createTenant();
    const { lead } = await leadAndProperty(t);
    await callApi("PATCH", `/api/v1/leads/${lead.id}`, { key: t.key, body: { status: "contacted" } });
    const other = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Other" } })).body
      .data;
    const activities = async (qs = "") =>
      (await callApi<ListBody<Activity>>("GET", `/api/v1/activities${qs}`, { key: t.key })).body.data;
    const all = await activities();
    expect(all.map((a) => a.type)).toEqual(["lead_created", "lead_status_changed", "lead_created"]);
    expect(all[0].actor).toEqual({ type: "api_key", id: t.keyId, name: t.keyName });
    const byLead = await activities(`?leadId=${lead.id}&sort=createdAt`);
    expect(byLead.map((a) => a.type)).toEqual(["lead_created", "lead_status_changed"]);
    const byType = await activities("?type=lead_status_changed");
    expect(byType).toHaveLength(1);
    const after = await activities(`?createdAfter=${encodeURIComponent(byType[0].createdAt)}`);
    expect(after.map((a) => a.leadId)).toEqual([other.id]);
    expect((await callApi("GET", "/api/v1/activities?sort=-updatedAt", { key: t.key })).status).toBe(400);
    await callApi("DELETE", `/api/v1/leads/${other.id}`, { key: t.key });
    // The deletion and the deleted lead's history stay readable; the lead itself is 404.
    const ofDeleted = await activities(`?leadId=${other.id}`);
    expect(ofDeleted.map((a) => a.type)).toEqual(["lead_deleted", "lead_created"]);
    expect((await activities("?type=lead_deleted")).map((a) => a.leadId)).toEqual([other.id]);
    expect((await callApi("GET", `/api/v1/leads/${other.id}`, { key: t.key })).status).toBe(404);
  });
});
