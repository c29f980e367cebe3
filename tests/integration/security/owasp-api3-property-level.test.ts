import { describe, expect, it } from "vitest";
import { callApi, createTenant, type ApiResponse } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, Property } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

const FORBIDDEN_KEYS =
  /^(accountId|account_id|keyHash|key_hash|passwordHash|password_hash|password|deletedAt|deleted_at|provider|providerMessageId|error|requestHash)$/;

function forbiddenKeys(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeys(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(FORBIDDEN_KEYS.test(k) && !(path === ".data" && k === "deletedAt") ? [`${path}.${k}`] : []),
      ...forbiddenKeys(v, `${path}.${k}`),
    ]);
  }
  return [];
}

// OWASP API3:2023 Broken Object Property Level Authorization: no internal property goes out,
// no read-only or unknown property comes in.
describe("API3 object property level authorization", () => {
  it("no response carries account ids, hashes, deletion marks or provider internals", async () => {
    const t = await createTenant();
    const responses: ApiResponse<unknown>[] = [];
    const lead = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Scan", email: "s@x.com", phone: "+14155550100", tags: ["a"], notes: "n" },
    });
    responses.push(lead);
    const property = await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "P", type: "house", listingType: "sale", address: { city: "Oakland" } },
    });
    responses.push(property);
    responses.push(
      await callApi("POST", "/api/v1/visits", {
        key: t.key,
        body: { leadId: lead.body.data.id, propertyId: property.body.data.id, scheduledAt: "2030-12-01T10:00:00.000Z" },
      }),
    );
    responses.push(
      await callApi("POST", `/api/v1/leads/${lead.body.data.id}/sms`, { key: t.key, body: { message: "hi" } }),
    );
    responses.push(
      await callApi("PATCH", `/api/v1/leads/${lead.body.data.id}`, { key: t.key, body: { status: "won" } }),
    );
    for (const path of [
      "/api/v1/leads",
      `/api/v1/leads/${lead.body.data.id}`,
      "/api/v1/properties",
      `/api/v1/properties/${property.body.data.id}`,
      "/api/v1/visits",
      "/api/v1/activities",
    ]) {
      responses.push(await callApi("GET", path, { key: t.key }));
    }
    // The delete answer names deletedAt on purpose (API.md); nothing else may.
    responses.push(await callApi("DELETE", `/api/v1/leads/${lead.body.data.id}`, { key: t.key }));
    for (const res of responses) {
      expect(res.status).toBeLessThan(300);
      expect(forbiddenKeys(res.body)).toEqual([]);
      expect(JSON.stringify(res.body)).not.toContain(t.accountId);
      expect(JSON.stringify(res.body)).not.toContain(t.key);
    }
  });

  it.each([
    ["POST", "/api/v1/leads", { name: "x", accountId: "acc_other" }, "accountId"],
    ["POST", "/api/v1/leads", { name: "x", id: "lead_mine" }, "id"],
    ["POST", "/api/v1/leads", { name: "x", deletedAt: null }, "deletedAt"],
    ["POST", "/api/v1/leads", { name: "x", createdAt: "2020-01-01T00:00:00.000Z" }, "createdAt"],
    [
      "POST",
      "/api/v1/properties",
      { title: "x", type: "house", listingType: "sale", accountId: "acc_other" },
      "accountId",
    ],
    [
      "POST",
      "/api/v1/visits",
      { leadId: "lead_x", propertyId: "prop_x", scheduledAt: "2026-12-01T10:00:00.000Z", status: "completed" },
      "status",
    ],
  ])("%s %s refuses the read-only or unknown field in %j", async (method, path, body, field) => {
    const t = await createTenant();
    const res = await callApi<ErrorBody>(method, path, { key: t.key, body });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: field, message: expect.any(String) });
  });
});
