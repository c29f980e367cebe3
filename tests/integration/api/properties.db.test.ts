import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, visits } from "@/db/schema";
import { listInterestedLeads } from "@/lib/properties/list-interested-leads";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, ListBody, Property, Visit } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

const HOUSE = {
  title: "Craftsman bungalow",
  type: "house",
  listingType: "sale",
  price: 900000,
  address: { street: "1 Elm Ct", city: "Oakland", region: "CA", postalCode: "94607", country: "us" },
  bedrooms: 3,
  bathrooms: 2,
  areaSqm: 120.5,
};

describe("properties", () => {
  it("CRUD with the account's currency by default and a nested address", async () => {
    const t = await createTenant("agency", { currency: "EUR" });
    const created = await callApi<DataBody<Property>>("POST", "/api/v1/properties", { key: t.key, body: HOUSE });
    expect(created.status).toBe(201);
    const p = created.body.data;
    expect(p).toMatchObject({
      title: "Craftsman bungalow",
      status: "available",
      currency: "EUR",
      address: { street: "1 Elm Ct", city: "Oakland", country: "US" },
      areaSqm: 120.5,
      description: null,
    });
    expect(created.headers.get("location")).toBe(`/api/v1/properties/${p.id}`);

    const patched = await callApi("PATCH", `/api/v1/properties/${p.id}`, {
      key: t.key,
      body: { status: "reserved", address: { city: "Berkeley" }, price: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      status: "reserved",
      price: null,
      address: { street: "1 Elm Ct", city: "Berkeley" },
    });

    const got = await callApi("GET", `/api/v1/properties/${p.id}`, { key: t.key });
    expect(got.body.data).toEqual(patched.body.data);
  });

  it("validates type, listingType, bounds and unknown fields", async () => {
    const t = await createTenant();
    const res = await callApi<ErrorBody>("POST", "/api/v1/properties", {
      key: t.key,
      body: {
        title: "x",
        type: "castle",
        listingType: "lease",
        bedrooms: 101,
        areaSqm: 0,
        currency: "dollars",
        address: { country: "USA", planet: "Mars" },
        extra: 1,
      },
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details?.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "type",
        "listingType",
        "bedrooms",
        "areaSqm",
        "currency",
        "address.country",
        "address.planet",
        "extra",
      ]),
    );
  });

  it("takes half-baths (steps of 0.5) and refuses any other fraction on the field", async () => {
    const t = await createTenant();
    const created = await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { ...HOUSE, bathrooms: 2.5 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.bathrooms).toBe(2.5);
    const id = created.body.data.id;
    const half = await callApi<DataBody<Property>>("PATCH", `/api/v1/properties/${id}`, {
      key: t.key,
      body: { bathrooms: 0.5 },
    });
    expect(half.body.data.bathrooms).toBe(0.5);
    expect(
      (await callApi<DataBody<Property>>("GET", `/api/v1/properties/${id}`, { key: t.key })).body.data,
    ).toMatchObject({ bathrooms: 0.5 });
    for (const bathrooms of [2.25, -0.5, 100.5, "2.5"]) {
      const refused = await callApi<ErrorBody>("PATCH", `/api/v1/properties/${id}`, {
        key: t.key,
        body: { bathrooms },
      });
      expect({ bathrooms, status: refused.status, code: refused.body.error.code }).toEqual({
        bathrooms,
        status: 400,
        code: "validation_error",
      });
      expect(refused.body.error.details).toEqual([expect.objectContaining({ path: "bathrooms" })]);
    }
    const quarter = await callApi<ErrorBody>("POST", "/api/v1/properties", {
      key: t.key,
      body: { ...HOUSE, bathrooms: 2.25 },
    });
    expect(quarter.status).toBe(400);
    expect(quarter.body.error.details).toEqual([
      expect.objectContaining({ path: "bathrooms", message: "Must be a whole or half number, e.g. 2.5" }),
    ]);
    expect(
      (await callApi<DataBody<Property>>("GET", `/api/v1/properties/${id}`, { key: t.key })).body.data,
    ).toMatchObject({ bathrooms: 0.5 });
  });

  it("the page's interested leads: its lead's property of interest, or a visit of it, in this account only", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const mk = async (key: string) =>
      (await callApi<DataBody<Property>>("POST", "/api/v1/properties", { key, body: HOUSE })).body.data.id;
    const [house, elsewhere] = [await mk(t.key), await mk(t.key)];
    const lead = async (key: string, body: object) =>
      (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key, body })).body.data.id;
    const wants = await lead(t.key, { name: "Wants it", propertyId: house });
    const visited = await lead(t.key, { name: "Saw it", propertyId: elsewhere });
    await lead(t.key, { name: "Elsewhere only", propertyId: elsewhere });
    const gone = await lead(t.key, { name: "Deleted", propertyId: house });
    await callApi("DELETE", `/api/v1/leads/${gone}`, { key: t.key });
    for (const [leadId, at] of [
      [visited, "2030-12-02T10:00:00.000Z"],
      [visited, "2030-12-03T10:00:00.000Z"],
      [wants, "2030-12-04T10:00:00.000Z"],
    ])
      expect(
        (await callApi("POST", "/api/v1/visits", { key: t.key, body: { leadId, propertyId: house, scheduledAt: at } }))
          .status,
      ).toBe(201);
    // Another account's lead can name neither this property nor visit it; its own list stays empty.
    await lead(other.key, { name: "Other account" });

    const { data, hasMore } = await listInterestedLeads(t.accountId, house, 10);
    expect(hasMore).toBe(false);
    expect(
      data
        .map(({ name, interested, visits: count }) => ({ name, interested, visits: count }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: "Saw it", interested: false, visits: 2 },
      { name: "Wants it", interested: true, visits: 1 },
    ]);
    expect((await listInterestedLeads(other.accountId, house, 10)).data).toEqual([]);
    expect((await listInterestedLeads(t.accountId, house, 1)).hasMore).toBe(true);
  });

  it("filters by status, type, listingType, city, price range and q", async () => {
    const t = await createTenant();
    const mk = (body: object) => callApi("POST", "/api/v1/properties", { key: t.key, body: { ...HOUSE, ...body } });
    await mk({
      title: "Cheap flat",
      type: "apartment",
      listingType: "rent",
      price: 2000,
      address: { city: "San Jose" },
    });
    await mk({ title: "Big house", price: 2_000_000 });
    await mk({ title: "Sold lot", type: "land", status: "sold", price: 300_000 });
    const titles = async (qs: string) =>
      (await callApi<ListBody<Property>>("GET", `/api/v1/properties?${qs}`, { key: t.key })).body.data
        .map((p) => p.title)
        .sort();
    expect(await titles("status=sold")).toEqual(["Sold lot"]);
    expect(await titles("type=apartment")).toEqual(["Cheap flat"]);
    expect(await titles("listingType=rent")).toEqual(["Cheap flat"]);
    expect(await titles("city=san%20jose")).toEqual(["Cheap flat"]);
    expect(await titles("minPrice=250000&maxPrice=1000000")).toEqual(["Sold lot"]);
    expect(await titles("q=BIG")).toEqual(["Big house"]);
    expect((await callApi("GET", "/api/v1/properties?minPrice=-5", { key: t.key })).status).toBe(400);
  });

  it("DELETE removes it; visits keep their history and leads their row, with propertyId null", async () => {
    const t = await createTenant();
    const { body: prop } = await callApi<DataBody<Property>>("POST", "/api/v1/properties", { key: t.key, body: HOUSE });
    const { body: lead } = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Buyer", propertyId: prop.data.id },
    });
    const { body: visit } = await callApi<DataBody<Visit>>("POST", "/api/v1/visits", {
      key: t.key,
      body: { leadId: lead.data.id, propertyId: prop.data.id, scheduledAt: "2030-12-02T10:00:00.000Z" },
    });
    const del = await callApi("DELETE", `/api/v1/properties/${prop.data.id}`, { key: t.key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: { id: prop.data.id, deleted: true } });
    expect((await callApi("GET", `/api/v1/properties/${prop.data.id}`, { key: t.key })).status).toBe(404);
    expect((await callApi("DELETE", `/api/v1/properties/${prop.data.id}`, { key: t.key })).status).toBe(404);
    const db = await getDb();
    const [v] = await db.select().from(visits).where(eq(visits.id, visit.data.id));
    expect(v.propertyId).toBeNull();
    const [l] = await db.select().from(leads).where(eq(leads.id, lead.data.id));
    expect(l.propertyId).toBeNull();
    const listed = await callApi("GET", `/api/v1/visits?leadId=${lead.data.id}`, { key: t.key });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: visit.data.id, propertyId: null })]);
  });
});
