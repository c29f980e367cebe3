import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// OWASP API4:2023 Unrestricted Resource Consumption: bounded pages, bodies, strings and arrays,
// and the per-key rate limit (see errors-and-limits.test.ts for the 429 itself).
describe("API4 resource consumption", () => {
  it.each([
    ["GET", "/api/v1/leads?limit=1000", undefined, 400],
    ["GET", `/api/v1/leads?q=${"x".repeat(201)}`, undefined, 400],
    ["GET", `/api/v1/leads?cursor=${"A".repeat(513)}`, undefined, 400],
    ["POST", "/api/v1/leads", { name: "x".repeat(201) }, 400],
    ["POST", "/api/v1/leads", { name: "x", notes: "x".repeat(10_001) }, 400],
    ["POST", "/api/v1/leads", { name: "x", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 400],
    ["POST", "/api/v1/leads", { name: "x", tags: ["x".repeat(41)] }, 400],
    ["POST", "/api/v1/leads", { name: "x", notes: "x".repeat(100 * 1024) }, 413],
    [
      "POST",
      "/api/v1/properties",
      { title: "x", type: "house", listingType: "sale", description: "x".repeat(10_001) },
      400,
    ],
    [
      "POST",
      "/api/v1/visits",
      { leadId: "l", propertyId: "p", scheduledAt: "2026-12-01T10:00:00.000Z", notes: "x".repeat(2001) },
      400,
    ],
  ])("%s %s is refused with %s", async (method, path, body, status) => {
    const t = await createTenant();
    const res = await callApi(method, path, { key: t.key, body });
    expect(res.status).toBe(status);
  });

  it("a body over 100 KB is refused even when Content-Length lies", async () => {
    const t = await createTenant();
    const res = await callApi("POST", "/api/v1/leads", {
      key: t.key,
      rawBody: JSON.stringify({ name: "x", notes: "y".repeat(150 * 1024) }),
      headers: { "content-type": "application/json", "content-length": "10" },
    });
    expect(res.status).toBe(413);
  });
});
