import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLogEntries, leads } from "@/db/schema";
import {
  createCustomFieldDefinition,
  deleteCustomFieldDefinition,
  listCustomFieldDefinitions,
} from "@/lib/custom-fields/custom-field-definitions";
import { countRecordsWithValue } from "@/lib/custom-fields/count-records-with-value";
import {
  moveCustomFieldDefinition,
  updateCustomFieldDefinition,
} from "@/lib/custom-fields/update-custom-field-definition";
import { ApiError } from "@/lib/errors/api-error";
import { publicLeadJson, toPublicLead } from "@/lib/leads/public-lead";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, ListBody } from "../../helpers/api-bodies";

const ACTOR = { type: "user" as const, id: null, label: "Owner <o@example.com>", ip: null, userAgent: null };

const define = (t: TestTenant, key: string, type: string, more: object = {}) =>
  createCustomFieldDefinition(t.accountId, { resource: "lead", key, label: key, type: type as "text", ...more }, ACTOR);
const post = (t: TestTenant, name: string, customFields: object) =>
  callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name, customFields } });
const names = async (t: TestTenant, query: string) => {
  const res = await callApi<ListBody<Lead>>("GET", `/api/v1/leads?${query}`, { key: t.key });
  expect(res.status).toBe(200);
  return res.body.data.map((l) => l.name).sort();
};
const refusedPaths = async (t: TestTenant, query: string) => {
  const res = await callApi<ErrorBody>("GET", `/api/v1/leads?${query}`, { key: t.key });
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe("validation_error");
  return (res.body.error.details ?? []).map((d) => d.path);
};

describe("GET /leads?cf[…]", () => {
  it("filters by equality, option, and number and date ranges; refuses unknown keys and bad values", async () => {
    const t = await createTenant();
    const other = await createTenant();
    await define(t, "stage", "single_select", { options: ["cold", "hot"] });
    await define(t, "wants", "multi_select", { options: ["garden", "pool"] });
    await define(t, "budget", "number");
    await define(t, "move_in", "date");
    await define(t, "pets", "boolean");
    await define(t, "note", "text");
    await post(t, "A", { stage: "hot", wants: ["garden", "pool"], budget: 100, move_in: "2026-01-10", pets: true });
    await post(t, "B", { stage: "cold", wants: ["pool"], budget: 250.5, move_in: "2026-03-01", note: "a b&c" });
    await post(t, "C", { stage: "hot", budget: 1000, pets: false });
    await post(t, "D", {});
    // Another account's lead with the same key and value is never listed.
    await define(other, "stage", "single_select", { options: ["hot"] });
    await post(other, "Theirs", { stage: "hot" });

    expect(await names(t, "cf[stage]=hot")).toEqual(["A", "C"]);
    expect(await names(t, "cf[wants]=pool")).toEqual(["A", "B"]);
    expect(await names(t, "cf[budget]=100")).toEqual(["A"]);
    expect(await names(t, "cf[budget]=250.50")).toEqual(["B"]);
    expect(await names(t, "cf[pets]=false")).toEqual(["C"]);
    expect(await names(t, "cf[move_in]=2026-03-01")).toEqual(["B"]);
    expect(await names(t, `cf[note]=${encodeURIComponent("a b&c")}`)).toEqual(["B"]);
    expect(await names(t, "cf[budget][gte]=250.5")).toEqual(["B", "C"]);
    expect(await names(t, "cf[budget][gte]=101&cf[budget][lte]=999")).toEqual(["B"]);
    expect(await names(t, "cf[move_in][lte]=2026-02-01")).toEqual(["A"]);
    expect(await names(t, "cf[stage]=hot&cf[budget][lte]=500")).toEqual(["A"]);
    expect(await names(t, "cf[stage]=hot&status=new")).toEqual(["A", "C"]);

    expect(await refusedPaths(t, "cf[nope]=1")).toEqual(["cf[nope]"]);
    expect(await refusedPaths(t, "cf[budget]=lots")).toEqual(["cf[budget]"]);
    expect(await refusedPaths(t, "cf[pets]=yes")).toEqual(["cf[pets]"]);
    expect(await refusedPaths(t, "cf[stage]=warm")).toEqual(["cf[stage]"]);
    expect(await refusedPaths(t, "cf[move_in][gte]=2026-13-01")).toEqual(["cf[move_in][gte]"]);
    expect(await refusedPaths(t, "cf[stage][gte]=hot")).toEqual(["cf[stage][gte]"]);
    expect(await refusedPaths(t, "cf[budget]=1&cf[budget][gte]=1")).toEqual(["cf[budget][gte]"]);
    expect((await refusedPaths(t, "cf[budget][gt]=1")).length).toBeGreaterThan(0);
  });

  it("binds the cursor to the filters, whatever their order in the query string", async () => {
    const t = await createTenant();
    await define(t, "stage", "single_select", { options: ["cold", "hot"] });
    await define(t, "budget", "number");
    for (const i of [1, 2, 3]) await post(t, `Hot ${i}`, { stage: "hot", budget: i });
    await post(t, "Cold", { stage: "cold", budget: 1 });
    const first = await callApi<ListBody<Lead>>("GET", "/api/v1/leads?limit=2&cf[stage]=hot&cf[budget][gte]=1", {
      key: t.key,
    });
    const cursor = encodeURIComponent(first.body.meta.cursor!);
    const next = await callApi<ListBody<Lead>>(
      "GET",
      `/api/v1/leads?limit=2&cf[budget][gte]=1&cf[stage]=hot&cursor=${cursor}`,
      { key: t.key },
    );
    expect(next.status).toBe(200);
    expect([...first.body.data, ...next.body.data].map((l) => l.name).sort()).toEqual(["Hot 1", "Hot 2", "Hot 3"]);
    const elsewhere = await callApi<ErrorBody>("GET", `/api/v1/leads?limit=2&cf[stage]=cold&cursor=${cursor}`, {
      key: t.key,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.code).toBe("invalid_cursor");
    const unfiltered = await callApi<ErrorBody>("GET", `/api/v1/leads?limit=2&cursor=${cursor}`, { key: t.key });
    expect(unfiltered.body.error.code).toBe("invalid_cursor");
  });
});

describe("custom field definitions: edit, order, delete", () => {
  it("deleting a definition strips its values from every record, so a new field of the key starts empty", async () => {
    const t = await createTenant();
    const budget = await define(t, "budget", "number");
    await define(t, "note", "text");
    const a = (await post(t, "A", { budget: 5, note: "kept" })).body.data;
    await post(t, "B", { budget: 7 });
    await post(t, "C", { note: "x" });
    const db = await getDb();
    await db.update(leads).set({ deletedAt: new Date() }).where(eq(leads.name, "B"));
    expect(await countRecordsWithValue(t.accountId, budget)).toBe(2);
    const before = (await db.select().from(leads).where(eq(leads.id, a.id)))[0];

    expect(await deleteCustomFieldDefinition(t.accountId, budget.id, ACTOR)).toBe(2);
    const [row] = await db.select().from(leads).where(eq(leads.id, a.id));
    expect(row.customFields).toEqual({ note: "kept" });
    expect(row.updatedAt).toEqual(before.updatedAt);
    const [{ json }] = await db.select({ json: publicLeadJson }).from(leads).where(eq(leads.id, a.id));
    expect(json).toBe(JSON.stringify(toPublicLead(row)));
    const read = await callApi<DataBody<Lead>>("GET", `/api/v1/leads/${a.id}`, { key: t.key });
    expect(read.body.data.customFields).toEqual({ note: "kept" });

    // The key again, as text: no number left over from the old field.
    await define(t, "budget", "text");
    expect(
      (await db.select().from(leads).where(eq(leads.accountId, t.accountId))).map((l) => l.customFields.budget),
    ).toEqual([undefined, undefined, undefined]);
    const [entry] = await db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.action, "custom_field.deleted"))
      .then((rows) => rows.filter((r) => r.accountId === t.accountId));
    expect(entry).toMatchObject({ actorType: "user", targetId: budget.id, changes: { recordsWithValue: [2, 0] } });
  });

  it("edits label, required and options; refuses removing an option in use; reorders; audits each", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const stage = await define(t, "stage", "single_select", { options: ["cold", "hot"] });
    const pets = await define(t, "pets", "boolean");
    await post(t, "A", { stage: "hot" });

    const edited = await updateCustomFieldDefinition(
      t.accountId,
      stage.id,
      { label: "Stage", required: true, options: ["cold", "hot", "warm"] },
      ACTOR,
    );
    expect(edited).toMatchObject({
      key: "stage",
      type: "single_select",
      label: "Stage",
      options: ["cold", "hot", "warm"],
    });
    // Required now: POST /leads without it is refused (the flag read with the key says so).
    const missing = await callApi<ErrorBody>("POST", "/api/v1/leads", { key: t.key, body: { name: "No stage" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details?.map((d) => d.path)).toEqual(["customFields.stage"]);

    let refusal: unknown;
    try {
      await updateCustomFieldDefinition(
        t.accountId,
        stage.id,
        { label: "Stage", required: true, options: ["cold"] },
        ACTOR,
      );
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).details?.[0]).toMatchObject({
      path: "options",
      message: expect.stringContaining('"hot"'),
    });
    // An unused option can go; so can `required`.
    await updateCustomFieldDefinition(
      t.accountId,
      stage.id,
      { label: "Stage", required: false, options: ["cold", "hot"] },
      ACTOR,
    );
    expect((await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Free" } })).status).toBe(201);

    await moveCustomFieldDefinition(t.accountId, pets.id, "up", ACTOR);
    expect((await listCustomFieldDefinitions(t.accountId, "lead")).map((d) => d.key)).toEqual(["pets", "stage"]);
    await expect(moveCustomFieldDefinition(other.accountId, pets.id, "down", ACTOR)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      updateCustomFieldDefinition(other.accountId, stage.id, { label: "X", required: false, options: ["cold"] }, ACTOR),
    ).rejects.toMatchObject({ code: "not_found" });

    const db = await getDb();
    const actions = (await db.select().from(auditLogEntries).where(eq(auditLogEntries.accountId, t.accountId))).map(
      (e) => e.action,
    );
    expect(actions.filter((a) => a === "custom_field.created")).toHaveLength(2);
    expect(actions.filter((a) => a === "custom_field.updated")).toHaveLength(3);
  });

  it("keeps PostgreSQL's and JavaScript's JSON of a lead byte-equal with awkward custom values", async () => {
    const t = await createTenant();
    await define(t, "note", "text");
    await define(t, "big", "number");
    await define(t, "tiny", "number");
    await define(t, "wants", "multi_select", { options: ['a "quoted" one', "ü/\\", "😀"] });
    const db = await getDb();
    const values = [
      { note: 'Quote " backslash \\ slash / tab \t newline \n bell \u0007 Zoë 山田 😀', big: Number.MAX_SAFE_INTEGER },
      { big: 1e21, tiny: -0.000001, wants: ["😀", 'a "quoted" one', "ü/\\"] },
      { note: "\u2028\u2029", big: -0 },
    ];
    for (const customFields of values) {
      const res = await post(t, "Awkward", customFields);
      expect(res.status).toBe(201);
      const [row] = await db.select().from(leads).where(eq(leads.id, res.body.data.id));
      const [{ json }] = await db.select({ json: publicLeadJson }).from(leads).where(eq(leads.id, row.id));
      expect(json).toBe(JSON.stringify(toPublicLead(row)));
      expect(res.body.data).toEqual(JSON.parse(json));
    }
  });
});
