import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/schemas/json-limits";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

const nested = (depth: number, open: string, close: string, inner = "1") =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

// Issue 31, finding 14: deeply nested JSON with an Idempotency-Key was a 500 (a stack overflow in
// the fingerprint's canonicalization). The depth is limited while reading the body, before
// anything walks it, on every route that takes one.
describe("deep JSON bodies (issue 31, finding 14)", () => {
  const deepBodies = {
    "arrays in a batch": `{"items":[${nested(50_000 - 20, "[", "]", "")}]}`,
    "objects in custom fields": `{"name":"x","customFields":{"a":${nested(16_000, '{"a":', "}")}}}`,
    "one level too deep": `{"name":"x","customFields":{"a":${nested(MAX_JSON_DEPTH - 1, "[", "]")}}}`,
  };

  it("answers 400 invalid_json in the envelope, with every header combination", async () => {
    const t = await createTenant();
    const routes = ["/api/v1/leads", "/api/v1/leads/batch", "/api/v1/properties", "/api/v1/webhook-endpoints"];
    let n = 0;
    for (const path of routes) {
      for (const [name, raw] of Object.entries(deepBodies)) {
        for (const idempotency of [undefined, "deep-json"]) {
          for (const type of ["application/json", "application/json; charset=utf-8", "application/merge-patch+json"]) {
            const headers: Record<string, string> = { "content-type": type };
            if (idempotency) headers["idempotency-key"] = `${idempotency}-${n++}`;
            const res = await callApi("POST", path, { key: t.key, rawBody: raw, headers });
            const label = `${path} ${name} ${JSON.stringify(headers)}`;
            expect(res.status, label).toBe(400);
            expect(res.body.error, label).toMatchObject({
              code: "invalid_json",
              message: `The body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`,
              requestId: res.headers.get("x-request-id"),
            });
          }
        }
      }
    }
    // Without a key the key check answers first, as for any body.
    const res = await callApi("POST", "/api/v1/leads", {
      rawBody: deepBodies["arrays in a batch"],
      headers: { "content-type": "application/json", "idempotency-key": "k" },
    });
    expect(res.body.error?.code).toBe("missing_api_key");
  });

  it("takes a body at the limit, and brackets inside strings do not count", async () => {
    const t = await createTenant();
    const atLimit = `{"items":[${nested(MAX_JSON_DEPTH - 2, "[", "]")}]}`;
    const res = await callApi("POST", "/api/v1/leads/batch", {
      key: t.key,
      rawBody: atLimit,
      headers: { "content-type": "application/json", "idempotency-key": "at-limit" },
    });
    expect(res.status).toBe(200);
    const created = await callApi("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Brackets", notes: `${"[{".repeat(1000)}\\"` },
      headers: { "idempotency-key": "brackets-in-a-string" },
    });
    expect(created.status).toBe(201);
  });
});
