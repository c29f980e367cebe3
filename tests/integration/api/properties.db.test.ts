import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, visits } from "@/db/schema";
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
