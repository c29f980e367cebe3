import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { Activity, DataBody, ErrorBody, Lead, ListBody, Property } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

type ItemResult<T> = { status: number; data?: T; error?: ErrorBody["error"] };
type BatchBody<T> = DataBody<ItemResult<T>[]>;

const batch = <T>(
  t: TestTenant,
  resource: "leads" | "properties",
  items: unknown[],
  headers?: Record<string, string>,
) => callApi<BatchBody<T>>("POST", `/api/v1/${resource}/batch`, { key: t.key, body: { items }, headers });
const house = { type: "house", listingType: "sale" } as const;

// From the table: the feed (GET /events) holds back events while any older transaction runs,
// and other suites' transactions share this database.
const accountEvents = async (t: TestTenant) =>
  (await getDb())
    .select()
    .from(events)
    .where(eq(events.accountId, t.accountId))
    .orderBy(asc(events.txid), asc(events.id));

describe("POST /leads/batch", () => {
  it("writes the good items and answers each bad one with its own error, in order", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const theirProperty = (
      await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
        key: other.key,
        body: { title: "Theirs", ...house },
      })
    ).body.data;
    const res = await batch<Lead>(t, "leads", [
      { op: "create", data: { name: "Ada", email: "ADA@example.com", externalId: "crm-1" } },
      { op: "create", data: { name: "", email: "nope", bogus: 1 } },
      { op: "create", data: { name: "Theirs", propertyId: theirProperty.id } },
      { op: "create", data: { name: "Dup", externalId: "crm-1" } },
      { op: "delete", data: {} },
      { op: "upsert", data: { name: "No id" } },
      { op: "create", data: { name: "Grace" } },
    ]);
    expect(res.status).toBe(200);
    const results = res.body.data;
    expect(results.map((r) => r.status)).toEqual([201, 400, 404, 409, 400, 400, 201]);
    expect(results[0].data).toMatchObject({ name: "Ada", email: "ada@example.com", externalId: "crm-1" });
    expect(results[1].error).toMatchObject({ code: "validation_error", requestId: expect.stringMatching(/^req_/) });
    expect(results[1].error?.details?.map((d) => d.path).sort()).toEqual(["data.bogus", "data.email", "data.name"]);
    expect(results[2].error).toMatchObject({ code: "not_found", details: [{ path: "propertyId" }] });
    expect(results[3].error).toMatchObject({ code: "external_id_taken" });
    expect(results[3].error?.message).toContain(results[0].data?.id);
    expect(results[4].error?.details?.[0].path).toBe("op");
    expect(results[5].error?.details?.map((d) => d.path)).toEqual(["data.externalId"]);
    const leads = (await callApi<ListBody<Lead>>("GET", "/api/v1/leads", { key: t.key })).body.data;
    expect(leads.map((l) => l.name).sort()).toEqual(["Ada", "Grace"]);
  });

  it("upserts by externalId: creates, then updates as PATCH would, with each single call's activities and events", async () => {
    const t = await createTenant();
    const first = await batch<Lead>(t, "leads", [
      { op: "upsert", data: { externalId: "u-1", name: "Ada", status: "new" } },
      { op: "upsert", data: { externalId: "u-1", name: "Ada", status: "contacted" } },
      { op: "upsert", data: { externalId: "u-2", name: "Bob" } },
    ]);
    expect(first.body.data.map((r) => r.status)).toEqual([201, 200, 201]);
    const ada = first.body.data[0].data!;
    expect(first.body.data[1].data).toMatchObject({ id: ada.id, status: "contacted" });

    const second = await batch<Lead>(t, "leads", [{ op: "upsert", data: { externalId: "u-2", name: "Bob B." } }]);
    expect(second.body.data[0]).toMatchObject({ status: 200, data: { name: "Bob B." } });

    const activities = (
      await callApi<ListBody<Activity>>("GET", `/api/v1/activities?leadId=${ada.id}&sort=createdAt`, { key: t.key })
    ).body.data;
    expect(activities.map((a) => a.type)).toEqual(["lead_created", "lead_status_changed"]);
    const events = await accountEvents(t);
    // Items of different externalIds are written side by side: each lead's own events in order.
    expect(events.filter((e) => e.objectId === ada.id).map((e) => e.type)).toEqual([
      "lead.created",
      "lead.status_changed",
    ]);
    expect(events.filter((e) => e.objectId !== ada.id).map((e) => e.type)).toEqual(["lead.created", "lead.updated"]);
    expect(events.every((e) => e.requestId?.startsWith("req_"))).toBe(true);
  });

  it("counts as one request, replays under one Idempotency-Key, and refuses 0 or 101 items", async () => {
    const t = await createTenant();
    const items = Array.from({ length: 100 }, (_, i) => ({ op: "create", data: { name: `Lead ${i}` } }));
    const headers = { "Idempotency-Key": `batch-${Date.now()}` };
    const first = await batch<Lead>(t, "leads", items, headers);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.data.every((r) => r.status === 201)).toBe(true);
    expect(first.body.data.map((r) => r.data?.name)).toEqual(items.map((i) => i.data.name));
    const remaining = Number(first.headers.get("ratelimit-remaining"));

    const replay = await batch<Lead>(t, "leads", items, headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(Number(replay.headers.get("ratelimit-remaining"))).toBe(remaining - 1);
    const all = await callApi<ListBody<Lead>>("GET", "/api/v1/leads?limit=100", { key: t.key });
    expect(all.body.meta.hasMore).toBe(false);
    expect(all.body.data).toHaveLength(100);

    for (const bad of [[], [...items, items[0]]]) {
      const refused = await callApi<ErrorBody>("POST", "/api/v1/leads/batch", { key: t.key, body: { items: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "validation_error", details: [{ path: "items" }] });
    }
  });
});

describe("POST /properties/batch", () => {
  it("creates and upserts by externalId, and fails bad items alone", async () => {
    const t = await createTenant();
    const res = await batch<Property>(t, "properties", [
      { op: "upsert", data: { externalId: "mls-1", title: "One", ...house, price: 100 } },
      { op: "create", data: { title: "No type", listingType: "sale" } },
      { op: "create", data: { title: "Two", ...house, externalId: "mls-2" } },
      { op: "create", data: { title: "Dup", ...house, externalId: "mls-1" } },
    ]);
    expect(res.body.data.map((r) => r.status)).toEqual([201, 400, 201, 409]);
    expect(res.body.data[1].error?.details?.map((d) => d.path)).toEqual(["data.type"]);
    const again = await batch<Property>(t, "properties", [
      { op: "upsert", data: { externalId: "mls-1", title: "One", ...house, price: 120 } },
    ]);
    expect(again.body.data[0]).toMatchObject({ status: 200, data: { id: res.body.data[0].data?.id, price: 120 } });
    const events = await accountEvents(t);
    expect(events.map((e) => e.type).sort()).toEqual(["property.created", "property.created", "property.updated"]);
    expect(events.find((e) => e.type === "property.updated")?.data.previousAttributes).toEqual({
      price: 100,
      version: 1,
    });
  });
});
