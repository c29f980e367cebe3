import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activities, events, leads, properties } from "@/db/schema";
import { createCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, ListBody, Property } from "../../helpers/api-bodies";

// customFields on leads and properties through the API: validation against the account's own
// definitions, merge on update, intake's fill, batch items, and what events and activities say.

const define = (t: TestTenant, resource: "lead" | "property", key: string, type: string, more: object = {}) =>
  createCustomFieldDefinition(t.accountId, {
    resource,
    key,
    label: key,
    type: type as "text",
    ...more,
  });

async function leadDefinitions(t: TestTenant) {
  await define(t, "lead", "note", "text");
  await define(t, "lead", "budget", "number");
  await define(t, "lead", "move_in", "date");
  await define(t, "lead", "pets", "boolean");
  await define(t, "lead", "stage", "single_select", { options: ["cold", "warm", "hot"] });
  await define(t, "lead", "wants", "multi_select", { options: ["garden", "garage", "pool"] });
}

const post = (t: TestTenant, body: object) => callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body });
const patch = (t: TestTenant, id: string, body: object) =>
  callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${id}`, { key: t.key, body });
const paths = (body: unknown) => ((body as ErrorBody).error.details ?? []).map((d) => d.path).sort();

describe("customFields on leads", () => {
  it("stores each type, answers it before createdAt, and refuses wrong types, unknown keys and options", async () => {
    const t = await createTenant();
    await leadDefinitions(t);
    const values = {
      note: 'Zoë "quoted" 山田 😀',
      budget: 12.5,
      move_in: "2026-09-01",
      pets: false,
      stage: "warm",
      wants: ["pool", "garden", "pool"],
    };
    const created = await post(t, { name: "Ada", customFields: values });
    expect(created.status).toBe(201);
    expect(created.body.data.customFields).toEqual({ ...values, wants: ["pool", "garden"] });
    const keys = Object.keys(created.body.data);
    expect(keys.indexOf("customFields")).toBe(keys.indexOf("createdAt") - 1);
    const read = await callApi<DataBody<Lead>>("GET", `/api/v1/leads/${created.body.data.id}`, { key: t.key });
    expect(read.body.data.customFields).toEqual(created.body.data.customFields);

    const bad = await post(t, {
      name: "Bad",
      customFields: {
        note: 1,
        budget: "12",
        move_in: "2026-02-30",
        pets: "yes",
        stage: "boiling",
        wants: ["moat"],
        nope: 1,
      },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorBody).error.code).toBe("validation_error");
    expect(paths(bad.body)).toEqual(
      ["note", "budget", "move_in", "pets", "stage", "wants", "nope"].map((k) => `customFields.${k}`).sort(),
    );
    // Nothing was written by the refused request.
    const db = await getDb();
    expect(await db.select().from(leads).where(eq(leads.accountId, t.accountId))).toHaveLength(1);
  });

  it("never applies another account's definitions", async () => {
    const mine = await createTenant();
    const theirs = await createTenant();
    await define(theirs, "lead", "budget", "number");
    const res = await post(mine, { name: "Ada", customFields: { budget: 5 } });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(["customFields.budget"]);
    // A property definition does not apply to leads either.
    await define(mine, "property", "budget", "number");
    expect((await post(mine, { name: "Ada", customFields: { budget: 5 } })).status).toBe(400);
  });

  it("requires required fields on create (with or without customFields sent), and keeps them on update", async () => {
    const t = await createTenant();
    await define(t, "lead", "stage", "single_select", { options: ["cold", "hot"], required: true });
    await define(t, "lead", "note", "text");
    const missing = await post(t, { name: "No stage" });
    expect(missing.status).toBe(400);
    expect(paths(missing.body)).toEqual(["customFields.stage"]);
    expect(paths((await post(t, { name: "Still none", customFields: { note: "x" } })).body)).toEqual([
      "customFields.stage",
    ]);
    const ok = await post(t, { name: "Staged", customFields: { stage: "cold", note: "x" } });
    expect(ok.status).toBe(201);

    // Merge: keys not sent are kept, null clears one, a required one cannot be cleared.
    const id = ok.body.data.id;
    const merged = await patch(t, id, { customFields: { note: null, stage: "hot" } });
    expect(merged.status).toBe(200);
    expect(merged.body.data.customFields).toEqual({ stage: "hot" });
    const cleared = await patch(t, id, { customFields: { stage: null } });
    expect(cleared.status).toBe(400);
    expect(paths(cleared.body)).toEqual(["customFields.stage"]);
    // Other fields change without touching custom fields.
    expect((await patch(t, id, { status: "contacted" })).body.data.customFields).toEqual({ stage: "hot" });
  });

  it("writes a change of customFields into lead_updated's changes and the event's previousAttributes", async () => {
    const t = await createTenant();
    await leadDefinitions(t);
    const id = (await post(t, { name: "Ada", customFields: { budget: 1 } })).body.data.id;
    expect((await patch(t, id, { customFields: { budget: 2, pets: true } })).status).toBe(200);
    // Sending the same values again changes nothing and records nothing.
    expect((await patch(t, id, { customFields: { budget: 2 } })).status).toBe(200);
    const db = await getDb();
    const updates = await db
      .select()
      .from(activities)
      .where(and(eq(activities.leadId, id), eq(activities.type, "lead_updated")));
    expect(updates).toHaveLength(1);
    expect(updates[0].data).toMatchObject({ changes: { customFields: [{ budget: 1 }, { budget: 2, pets: true }] } });
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.objectId, id), eq(events.type, "lead.updated")))
      .orderBy(asc(events.createdAt));
    const data = event.data as { object: Lead; previousAttributes: Partial<Lead> };
    expect(data.object.customFields).toEqual({ budget: 2, pets: true });
    expect(data.previousAttributes).toEqual({ customFields: { budget: 1 }, version: 1 });
  });

  it("intake fills only keys the lead has no value for, and takes an inquiry without a required field", async () => {
    const t = await createTenant();
    await define(t, "lead", "stage", "single_select", { options: ["cold", "hot"], required: true });
    await define(t, "lead", "budget", "number");
    await define(t, "lead", "note", "text");
    const intake = (body: object) =>
      callApi<DataBody<Lead> & { matched: string | null }>("POST", "/api/v1/leads/intake", { key: t.key, body });

    const first = await intake({ name: "Ada", email: "ada@example.com", customFields: { budget: 100 } });
    expect(first.status).toBe(201);
    expect(first.body.data.customFields).toEqual({ budget: 100 });

    const again = await intake({
      name: "Ada",
      email: "ada@example.com",
      customFields: { budget: 999, stage: "hot", note: null },
    });
    expect(again.status).toBe(200);
    expect(again.body.matched).toBe("email");
    expect(again.body.data.customFields).toEqual({ budget: 100, stage: "hot" });

    const wrong = await intake({ name: "Bob", email: "bob@example.com", customFields: { budget: "lots" } });
    expect(wrong.status).toBe(400);
    expect(paths(wrong.body)).toEqual(["customFields.budget"]);
  });

  it("checks each batch item alone", async () => {
    const t = await createTenant();
    await leadDefinitions(t);
    const res = await callApi<DataBody<Array<{ status: number; data?: Lead; error?: ErrorBody["error"] }>>>(
      "POST",
      "/api/v1/leads/batch",
      {
        key: t.key,
        body: {
          items: [
            { op: "create", data: { name: "Good", customFields: { stage: "hot" } } },
            { op: "create", data: { name: "Bad", customFields: { stage: "boiling" } } },
            { op: "upsert", data: { name: "Up", externalId: "x-1", customFields: { budget: 3 } } },
          ],
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.status)).toEqual([201, 400, 201]);
    expect(res.body.data[1].error?.details?.map((d) => d.path)).toEqual(["customFields.stage"]);
    // The upsert of an existing lead merges.
    const again = await callApi<DataBody<Array<{ status: number; data?: Lead }>>>("POST", "/api/v1/leads/batch", {
      key: t.key,
      body: { items: [{ op: "upsert", data: { name: "Up", externalId: "x-1", customFields: { pets: true } } }] },
    });
    expect(again.body.data[0]).toMatchObject({ status: 200, data: { customFields: { budget: 3, pets: true } } });
  });
});

describe("customFields on properties", () => {
  it("validates on create, merges on update and in batches", async () => {
    const t = await createTenant();
    await define(t, "property", "heating", "single_select", { options: ["gas", "heat_pump"], required: true });
    await define(t, "property", "built", "number");
    const base = { title: "Home", type: "house", listingType: "sale" };
    const create = (body: object) => callApi<DataBody<Property>>("POST", "/api/v1/properties", { key: t.key, body });
    expect(paths((await create(base)).body)).toEqual(["customFields.heating"]);
    expect(paths((await create({ ...base, customFields: { heating: "coal" } })).body)).toEqual([
      "customFields.heating",
    ]);
    const ok = await create({ ...base, customFields: { heating: "gas", built: 1931 } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.customFields).toEqual({ heating: "gas", built: 1931 });
    const keys = Object.keys(ok.body.data);
    expect(keys.indexOf("customFields")).toBe(keys.indexOf("createdAt") - 1);
    const patched = await callApi<DataBody<Property>>("PATCH", `/api/v1/properties/${ok.body.data.id}`, {
      key: t.key,
      body: { customFields: { built: null } },
    });
    expect(patched.body.data.customFields).toEqual({ heating: "gas" });
    const res = await callApi<DataBody<Array<{ status: number; error?: ErrorBody["error"] }>>>(
      "POST",
      "/api/v1/properties/batch",
      {
        key: t.key,
        body: {
          items: [
            { op: "create", data: { ...base, customFields: { heating: "heat_pump" } } },
            { op: "create", data: { ...base, customFields: { heating: "gas", nope: 1 } } },
          ],
        },
      },
    );
    expect(res.body.data.map((r) => r.status)).toEqual([201, 400]);
    expect(res.body.data[1].error?.details?.map((d) => d.path)).toEqual(["customFields.nope"]);
    // Stored as JavaScript wrote it: compact, keys in order.
    const db = await getDb();
    const [row] = await db.select().from(properties).where(eq(properties.id, ok.body.data.id));
    expect(row.customFields).toEqual({ heating: "gas" });
    const list = await callApi<ListBody<Property>>("GET", "/api/v1/properties?cf[heating]=heat_pump", { key: t.key });
    expect(list.body.data).toHaveLength(1);
  });
});
