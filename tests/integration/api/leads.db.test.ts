import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import type {
  DataBody,
  ErrorBody,
  Lead,
  LeadDeleted,
  LeadWithActivities,
  ListBody,
  Property,
} from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

describe("leads", () => {
  it("creates a lead: E.164 phone from the account's country, lower-cased email, unique tags, Location, lead_created", async () => {
    const t = await createTenant("agency", { country: "GB" });
    const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: {
        name: "Ada Lovelace",
        email: "Ada@Example.COM",
        phone: "020 7946 0958",
        tags: ["vip", "vip", "investor"],
        budget: 500000,
        interest: "buy",
      },
    });
    expect(res.status).toBe(201);
    const lead = res.body.data;
    expect(lead).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+442079460958",
      status: "new",
      tags: ["vip", "investor"],
      budget: 500000,
      interest: "buy",
      smsOptOut: false,
      propertyId: null,
      notes: null,
    });
    expect(lead.id).toMatch(/^lead_/);
    expect(lead.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.headers.get("location")).toBe(`/api/v1/leads/${lead.id}`);
    expect(Object.keys(lead)).not.toContain("accountId");
    expect(Object.keys(lead)).not.toContain("deletedAt");

    const got = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${lead.id}`, { key: t.key });
    expect(got.status).toBe(200);
    expect(got.body.data.activities).toHaveLength(1);
    expect(got.body.data.activities[0]).toMatchObject({
      type: "lead_created",
      leadId: lead.id,
      summary: "Lead Ada Lovelace created",
      data: { source: lead.source },
      createdAt: lead.createdAt,
      actor: { type: "api_key", id: t.keyId, name: t.keyName },
    });
    expect(got.body.data.activitiesHasMore).toBe(false);
  });

  it("accepts a + number from another country and rejects an impossible one", async () => {
    const t = await createTenant();
    const ok = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Intl", phone: "+33 1 23 45 67 89" },
    });
    expect(ok.body.data.phone).toBe("+33123456789");
    const bad = await callApi<ErrorBody>("POST", "/api/v1/leads", { key: t.key, body: { name: "Bad", phone: "12" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: "phone" })]);
  });

  it("rejects unknown and read-only fields and reports every problem", async () => {
    const t = await createTenant();
    const res = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: t.key,
      body: {
        name: "",
        email: "nope",
        status: "hot",
        budget: -1,
        tags: Array(21).fill("x"),
        id: "lead_x",
        accountId: "acc_x",
        createdAt: "2020-01-01T00:00:00.000Z",
        deletedAt: null,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    const paths = res.body.error.details?.map((d) => d.path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        "name",
        "email",
        "status",
        "budget",
        "tags",
        "id",
        "accountId",
        "createdAt",
        "deletedAt",
      ]),
    );
    const list = await callApi("GET", "/api/v1/leads", { key: t.key });
    expect(list.body.data).toHaveLength(0);
  });

  it("PATCH writes lead_status_changed or lead_updated with the changes; null clears; empty is 400", async () => {
    const t = await createTenant();
    const { body } = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Grace", source: "website", notes: "n" },
    });
    const id = body.data.id;
    expect(body.data).toMatchObject({
      status: "new",
      tags: [],
      smsOptOut: false,
      email: null,
      phone: null,
      budget: null,
    });
    const status = await callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${id}`, {
      key: t.key,
      body: { status: "contacted", notes: null },
    });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ status: "contacted", notes: null });
    expect(Date.parse(status.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(body.data.updatedAt));
    const other = await callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${id}`, {
      key: t.key,
      body: { source: "referral" },
    });
    expect(other.body.data.source).toBe("referral");
    const empty = await callApi("PATCH", `/api/v1/leads/${id}`, { key: t.key, body: {} });
    expect(empty.status).toBe(400);
    const readOnly = await callApi("PATCH", `/api/v1/leads/${id}`, { key: t.key, body: { id: "lead_other" } });
    expect(readOnly.status).toBe(400);

    const { body: full } = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${id}`, { key: t.key });
    expect(full.data.activities.map((a) => a.type)).toEqual(["lead_updated", "lead_status_changed", "lead_created"]);
    expect(full.data.activities[1].data).toEqual({ changes: { status: ["new", "contacted"], notes: ["n", null] } });
    expect(full.data.activities[0].data).toEqual({ changes: { source: ["website", "referral"] } });
  });

  it("a property or user of another account is refused", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const { body: prop } = await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: b.key,
      body: { title: "B's", type: "house", listingType: "sale" },
    });
    const res = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: a.key,
      body: { name: "X", propertyId: prop.data.id },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.details).toEqual([{ path: "propertyId", message: expect.any(String) }]);
    // Another account's user is not one to assign (issue 34): a 400 on the field, as a deactivated
    // user of the account is, never a silent null.
    const user = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: a.key,
      body: { name: "X", assignedTo: b.userId },
    });
    expect(user.status).toBe(400);
    expect(user.body.error).toMatchObject({ code: "validation_error", details: [{ path: "assignedTo" }] });
    const mine = await callApi("POST", "/api/v1/leads", { key: a.key, body: { name: "X", assignedTo: a.userId } });
    expect(mine.status).toBe(201);
  });

  it("DELETE soft-deletes: 200 with deletedAt, then 404 everywhere and gone from lists", async () => {
    const t = await createTenant();
    const { body } = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Gone", phone: "+14155550111" },
    });
    const id = body.data.id;
    const del = await callApi<DataBody<LeadDeleted>>("DELETE", `/api/v1/leads/${id}`, { key: t.key });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id, deleted: true, deletedAt: expect.stringMatching(/Z$/) });
    for (const [method, path, payload] of [
      ["GET", `/api/v1/leads/${id}`, undefined],
      ["PATCH", `/api/v1/leads/${id}`, { name: "Back" }],
      ["DELETE", `/api/v1/leads/${id}`, undefined],
      ["POST", `/api/v1/leads/${id}/sms`, { message: "hi" }],
    ] as const) {
      const res = await callApi(method, path, { key: t.key, body: payload });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const { body: prop } = await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "P", type: "house", listingType: "sale" },
    });
    const visit = await callApi("POST", "/api/v1/visits", {
      key: t.key,
      body: { leadId: id, propertyId: prop.data.id, scheduledAt: "2030-12-01T10:00:00.000Z" },
    });
    expect(visit.status).toBe(404);
    const list = await callApi("GET", "/api/v1/leads", { key: t.key });
    expect(list.body.data).toEqual([]);
  });

  it("filters by status, source, tag, assignedTo, q, createdAfter and updatedAfter", async () => {
    const t = await createTenant();
    const mk = (body: object) => callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body });
    const a = (
      await mk({ name: "Alice Smith", email: "alice@ex.com", status: "qualified", source: "website", tags: ["vip"] })
    ).body.data;
    const b = (await mk({ name: "Bob Jones", phone: "+14155550199", source: "referral", assignedTo: t.userId })).body
      .data;
    await mk({ name: "Carol 100%_off", source: "website" });
    const q = async (qs: string) =>
      (await callApi<ListBody<Lead>>("GET", `/api/v1/leads?${qs}`, { key: t.key })).body.data.map((l) => l.name).sort();
    expect(await q("status=qualified")).toEqual(["Alice Smith"]);
    expect(await q("source=website")).toEqual(["Alice Smith", "Carol 100%_off"]);
    expect(await q("tag=vip")).toEqual(["Alice Smith"]);
    expect(await q(`assignedTo=${t.userId}`)).toEqual(["Bob Jones"]);
    expect(await q("q=ALICE")).toEqual(["Alice Smith"]);
    expect(await q("q=5550199")).toEqual(["Bob Jones"]);
    expect(await q("q=%25_")).toEqual(["Carol 100%_off"]);
    expect(await q(`createdAfter=${encodeURIComponent(a.createdAt)}`)).toEqual(["Bob Jones", "Carol 100%_off"]);
    await callApi("PATCH", `/api/v1/leads/${a.id}`, { key: t.key, body: { notes: "touched" } });
    expect(await q(`updatedAfter=${encodeURIComponent(b.updatedAt)}&sort=-updatedAt`)).toContain("Alice Smith");
    const bad = await callApi<ErrorBody>("GET", "/api/v1/leads?status=hot&createdAfter=yesterday&bogus=1", {
      key: t.key,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.map((d) => d.path).sort()).toEqual(["bogus", "createdAfter", "status"]);
  });

  it("q= finds a substring of name, email or phone whatever its case or phone format", async () => {
    const t = await createTenant();
    const mk = (body: object) => callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body });
    await mk({ name: "Ada Lovelace", email: "Ada.Byron@Example.COM", phone: "(415) 555-0123" });
    await mk({ name: "Room 101 Realty" });
    await mk({ name: "Zed", email: "zed+415@ex.com" });
    const q = async (term: string) =>
      (await callApi<ListBody<Lead>>("GET", `/api/v1/leads?q=${encodeURIComponent(term)}`, { key: t.key })).body.data
        .map((l) => l.name)
        .sort();
    expect(await q("EXAMPLE.com")).toEqual(["Ada Lovelace"]);
    expect(await q("byron@ex")).toEqual(["Ada Lovelace"]);
    expect(await q("LOVELACE")).toEqual(["Ada Lovelace"]);
    expect(await q("(415) 555-01")).toEqual(["Ada Lovelace"]);
    expect(await q("+1 415")).toEqual(["Ada Lovelace"]);
    expect(await q("101")).toEqual(["Room 101 Realty"]);
    expect(await q("415")).toEqual(["Ada Lovelace", "Zed"]);
    expect(await q("ZED+4")).toEqual(["Zed"]);
    expect(await q("a1415")).toEqual([]);
    expect(await q("+")).toEqual(["Ada Lovelace", "Zed"]);
    expect(await q("( )")).toEqual([]);
  });
});
