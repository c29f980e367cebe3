import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { Activity, DataBody, ErrorBody, Lead, ListBody, Property } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

type IntakeBody = DataBody<Lead> & { matched: "externalId" | "email" | "phone" | null };

const intake = (t: TestTenant, body: unknown, headers?: Record<string, string>) =>
  callApi<IntakeBody>("POST", "/api/v1/leads/intake", { key: t.key, body, headers });
const createLead = async (t: TestTenant, body: unknown) =>
  (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body })).body.data;
const activitiesOf = async (t: TestTenant, leadId: string) =>
  (await callApi<ListBody<Activity>>("GET", `/api/v1/activities?leadId=${leadId}&sort=createdAt`, { key: t.key })).body
    .data;
// From the table: the feed (GET /events) holds back events while any older transaction runs,
// and other suites' transactions share this database.
const eventsOf = async (leadId: string) =>
  (await getDb()).select().from(events).where(eq(events.objectId, leadId)).orderBy(asc(events.txid), asc(events.id));
const leadCount = async (t: TestTenant) =>
  (await callApi<ListBody<Lead>>("GET", "/api/v1/leads?limit=100", { key: t.key })).body.data.length;

describe("POST /leads/intake", () => {
  it("creates the lead when nothing matches: 201, matched null, lead_created then inquiry, lead.created", async () => {
    const t = await createTenant();
    const property = (
      await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
        key: t.key,
        body: { title: "Harbor", type: "apartment", listingType: "sale" },
      })
    ).body.data;
    const res = await intake(t, {
      name: "Ada",
      email: "Ada@Example.com",
      source: "portal:zillow",
      propertyId: property.id,
      message: "Still available?",
    });
    expect(res.status).toBe(201);
    expect(res.body.matched).toBeNull();
    expect(res.body.data).toMatchObject({ email: "ada@example.com", propertyId: property.id, status: "new" });
    expect(res.headers.get("location")).toBe(`/api/v1/leads/${res.body.data.id}`);
    const activities = await activitiesOf(t, res.body.data.id);
    expect(activities.map((a) => a.type)).toEqual(["lead_created", "inquiry"]);
    expect(activities[1]).toMatchObject({
      summary: "Inquiry from portal:zillow",
      data: { message: "Still available?", source: "portal:zillow", propertyId: property.id, matched: null },
    });
    expect((await eventsOf(res.body.data.id)).map((e) => e.type)).toEqual(["lead.created"]);
  });

  it("matches by email (any case): fills only empty fields, adds new tags, answers 200 matched email", async () => {
    const t = await createTenant();
    const lead = await createLead(t, { name: "Ada", email: "ada@example.com", source: "website", tags: ["vip"] });
    const res = await intake(t, {
      name: "Ada L.",
      email: "ADA@example.COM",
      phone: "(415) 555-0123",
      source: "portal:zillow",
      budget: 500000,
      notes: null,
      tags: ["zillow", "vip"],
      message: "Call me",
    });
    expect(res.status).toBe(200);
    expect(res.body.matched).toBe("email");
    expect(res.body.data).toMatchObject({
      id: lead.id,
      name: "Ada",
      source: "website",
      phone: "+14155550123",
      budget: 500000,
      tags: ["vip", "zillow"],
    });
    expect(await leadCount(t)).toBe(1);
    const activities = await activitiesOf(t, lead.id);
    expect(activities.map((a) => a.type)).toEqual(["lead_created", "lead_updated", "inquiry"]);
    expect(activities[1].data.changes).toEqual({
      phone: [null, "+14155550123"],
      budget: [null, 500000],
      tags: [["vip"], ["vip", "zillow"]],
    });
    expect(activities[2].data).toMatchObject({ message: "Call me", source: "portal:zillow", matched: "email" });
    const events = await eventsOf(lead.id);
    expect(events.map((e) => e.type)).toEqual(["lead.created", "lead.updated"]);
    expect(events[1].data.previousAttributes).toEqual({ phone: null, budget: null, tags: ["vip"], version: 1 });
  });

  it("matches by phone after normalising, and by externalId before email", async () => {
    const t = await createTenant();
    const byPhone = await createLead(t, { name: "P", phone: "+1 415 555 0199" });
    const res = await intake(t, { name: "P2", phone: "(415) 555-0199", email: "p@example.com" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matched: "phone", data: { id: byPhone.id, email: "p@example.com" } });

    const byExternal = await createLead(t, { name: "X", externalId: "crm-9" });
    const byEmail = await createLead(t, { name: "E", email: "e@example.com" });
    const both = await intake(t, { name: "X2", externalId: "crm-9", email: "e@example.com" });
    expect(both.body).toMatchObject({ matched: "externalId", data: { id: byExternal.id, email: "e@example.com" } });
    expect((await activitiesOf(t, byEmail.id)).map((a) => a.type)).toEqual(["lead_created"]);
    // By email, a lead without an externalId takes the inquiry's.
    const noExternal = await createLead(t, { name: "F", email: "f@example.com" });
    const filled = await intake(t, { name: "F2", email: "f@example.com", externalId: "crm-10" });
    expect(filled.body).toMatchObject({ matched: "email", data: { id: noExternal.id, externalId: "crm-10" } });
  });

  it("an inquiry that brings nothing new changes nothing but still writes its inquiry", async () => {
    const t = await createTenant();
    const lead = await createLead(t, { name: "Ada", email: "ada@example.com", tags: ["a"] });
    const res = await intake(t, { name: "Ada", email: "ada@example.com", tags: ["a"] });
    expect(res.status).toBe(200);
    expect(res.body.data.updatedAt).toBe(lead.updatedAt);
    expect((await activitiesOf(t, lead.id)).map((a) => a.type)).toEqual(["lead_created", "inquiry"]);
    expect((await eventsOf(lead.id)).map((e) => e.type)).toEqual(["lead.created"]);
  });

  it("never matches a deleted lead or another account's, and refuses another account's property", async () => {
    const [t, other] = [await createTenant(), await createTenant()];
    const gone = await createLead(t, { name: "Gone", email: "gone@example.com", externalId: "g-1" });
    await callApi("DELETE", `/api/v1/leads/${gone.id}`, { key: t.key });
    const fresh = await intake(t, { name: "Back", email: "gone@example.com", externalId: "g-1" });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.id).not.toBe(gone.id);

    await createLead(other, { name: "Theirs", email: "theirs@example.com", externalId: "t-1" });
    const mine = await intake(t, { name: "Mine", email: "theirs@example.com", externalId: "t-1" });
    expect(mine.status).toBe(201);

    const theirProperty = (
      await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
        key: other.key,
        body: { title: "Theirs", type: "house", listingType: "sale" },
      })
    ).body.data;
    const refused = await callApi<ErrorBody>("POST", "/api/v1/leads/intake", {
      key: t.key,
      body: { name: "X", email: "x@example.com", propertyId: theirProperty.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ path: "propertyId" })]);
  });

  it("ten parallel inquiries for the same new email make one lead and ten inquiries, no 500", async () => {
    const t = await createTenant();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        intake(t, { name: `Racer ${i}`, email: "race@example.com", tags: [`t${i}`], message: `#${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    expect(await leadCount(t)).toBe(1);
    const [id] = ids;
    const inquiries = (await activitiesOf(t, id)).filter((a) => a.type === "inquiry");
    expect(inquiries).toHaveLength(10);
    expect(inquiries.filter((a) => a.data.matched === null)).toHaveLength(1);
    const lead = (await callApi<DataBody<Lead>>("GET", `/api/v1/leads/${id}`, { key: t.key })).body.data;
    expect([...lead.tags].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}`).sort());
  });

  it("an Idempotency-Key replays the first answer and writes nothing twice", async () => {
    const t = await createTenant();
    const headers = { "Idempotency-Key": `intake-${Date.now()}` };
    const first = await intake(t, { name: "Once", email: "once@example.com", message: "hi" }, headers);
    const again = await intake(t, { name: "Once", email: "once@example.com", message: "hi" }, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await activitiesOf(t, first.body.data.id)).map((a) => a.type)).toEqual(["lead_created", "inquiry"]);
  });
});
