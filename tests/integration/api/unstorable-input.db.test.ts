import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, ListBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// Input PostgreSQL cannot store as sent is a 400 on the field that holds it, wherever it enters:
// the body (any field, nested, or a key) and the query string (path parameters go through the
// same check, parseWith). Never a 500, never a changed value.

const NUL = "\u0000";
const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";

describe("text and times the database cannot store", () => {
  it("refuses NUL and unpaired surrogates in body fields, nested fields, arrays and keys", async () => {
    const t = await createTenant();
    const cases: Array<[unknown, string]> = [
      [{ name: `Ada${NUL}` }, "name"],
      [{ name: "Ada", tags: ["ok", `bad${LONE_HIGH}`] }, "tags.1"],
      [{ name: `x${LONE_LOW}y` }, "name"],
      [{ name: "Ada", [`no${NUL}te`]: "x" }, `no${NUL}te`],
    ];
    for (const [body, path] of cases) {
      const res = await callApi<ErrorBody>("POST", "/api/v1/leads", { key: t.key, body });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details?.[0].path, JSON.stringify(body)).toBe(path);
    }
    const property = await callApi<ErrorBody>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "P", type: "house", listingType: "sale", address: { city: `O${NUL}` } },
    });
    expect(property.body.error.details?.[0].path).toBe("address.city");
    // Nesting deeper than a call stack (the fuzz suite found it: the check recursed) is a 400 too.
    const deep = `{"name":"Deep","tags":${"[".repeat(40_000)}${"]".repeat(40_000)}}`;
    const nested = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: t.key,
      rawBody: deep,
      headers: { "content-type": "application/json" },
    });
    expect(nested.status).toBe(400);
    // A surrogate pair (an emoji) is text like any other.
    const emoji = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Ada 😀" } });
    expect(emoji.status).toBe(201);
    expect(emoji.body.data.name).toBe("Ada 😀");
    const leads = await callApi<ListBody<Lead>>("GET", "/api/v1/leads", { key: t.key });
    expect(leads.body.data.map((l) => l.name)).toEqual(["Ada 😀"]); // nothing else was written
  });

  it("refuses them in the query string", async () => {
    const t = await createTenant();
    for (const path of [
      `/api/v1/leads?q=${encodeURIComponent(`a${NUL}b`)}`,
      `/api/v1/leads?source=%00`,
      `/api/v1/events?objectId=%00`,
    ]) {
      const res = await callApi<ErrorBody>("GET", path, { key: t.key });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe("validation_error");
    }
  });

  it("refuses them in path ids, decoded as Next decodes them", async () => {
    const t = await createTenant();
    for (const [method, path] of [
      ["GET", "/api/v1/leads/%00"],
      ["GET", "/api/v1/properties/prop_x%00y"],
      ["DELETE", "/api/v1/leads/lead_%00"],
      ["GET", "/api/v1/leads/lead_1/sms/sms_%00"],
      ["GET", "/api/v1/webhook-endpoints/whep%00"],
    ] as const) {
      const res = await callApi<ErrorBody>(method, path, { key: t.key });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe("validation_error");
    }
  });

  it("refuses times outside years 0001–9999 in filters and bodies, with a message that says so", async () => {
    const t = await createTenant();
    for (const path of [
      `/api/v1/leads?createdAfter=${encodeURIComponent("0000-01-01T00:00:00+14:00")}`,
      `/api/v1/events?createdAfter=${encodeURIComponent("9999-12-31T23:59:59-12:00")}`,
      `/api/v1/visits?from=${encodeURIComponent("0000-12-31T23:00:00+23:59")}`,
    ]) {
      const res = await callApi<ErrorBody>("GET", path, { key: t.key });
      expect(res.status, path).toBe(400);
      expect(res.body.error.details?.[0].message, path).toMatch(/^Must be between 0001-01-01/);
    }
    const lead = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "V" } })).body
      .data;
    const visit = await callApi<ErrorBody>("POST", "/api/v1/visits", {
      key: t.key,
      body: { leadId: lead.id, scheduledAt: "9999-12-31T23:00:00-05:00" },
    });
    expect(visit.status).toBe(400);
    expect(visit.body.error.details?.map((d) => d.path)).toContain("scheduledAt");
    const edge = await callApi("GET", `/api/v1/leads?createdAfter=${encodeURIComponent("0001-01-01T00:00:00Z")}`, {
      key: t.key,
    });
    expect(edge.status).toBe(200);
  });
});
