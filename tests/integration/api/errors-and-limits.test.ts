import { describe, expect, it } from "vitest";
import { POST as createLeadRoute } from "@/app/api/v1/leads/route";
import { callApi, createTenant } from "../../helpers/api";
import type { ErrorBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

describe("request errors", () => {
  it("400 invalid_json, 415 unsupported_media_type, 413 payload_too_large", async () => {
    const t = await createTenant();
    const broken = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: t.key,
      rawBody: '{"name": ',
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("invalid_json");
    const form = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: t.key,
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe("unsupported_media_type");
    const none = await callApi("POST", "/api/v1/leads", { key: t.key, rawBody: '{"name":"x"}' });
    expect(none.status).toBe(415);
    const big = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Big", notes: "x".repeat(101 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("payload_too_large");
    const list = await callApi("GET", "/api/v1/leads", { key: t.key });
    expect(list.body.data).toEqual([]);
  });

  it("a client that hangs up mid-body gets 400 invalid_json (not a 503 'database unavailable'), and nothing is created", async () => {
    const t = await createTenant();
    const encoder = new TextEncoder();
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode('{"name": "Half'));
        } else {
          controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        }
      },
    });
    const req = new Request("http://localhost/api/v1/leads", {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await createLeadRoute(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe("invalid_json");
    expect((await callApi("GET", "/api/v1/leads", { key: t.key })).body.data).toEqual([]);
  });

  it("405 with Allow for a method a route lacks; JSON 404 for an unknown path", async () => {
    const put = await callApi<ErrorBody>("PUT", "/api/v1/leads");
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(put.body.error).toMatchObject({ code: "method_not_allowed", requestId: put.headers.get("x-request-id") });
    const post = await callApi("POST", "/api/v1/activities");
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const unknown = await callApi<ErrorBody>("GET", "/api/v1/nope/deeper");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
  });
});

describe("rate limit: 100 per minute per key", () => {
  it("counts down in RateLimit headers, then 429 with Retry-After in whole seconds; other keys unaffected", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const first = await callApi("GET", "/api/v1/activities", { key: t.key });
    expect(first.headers.get("ratelimit-limit")).toBe("100");
    expect(first.headers.get("ratelimit-remaining")).toBe("99");
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(0);
    expect(Number(first.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
    const rest = await Promise.all(
      Array.from({ length: 99 }, () => callApi("GET", "/api/v1/activities", { key: t.key })),
    );
    expect(rest.every((r) => r.status === 200)).toBe(true);
    const limited = await callApi<ErrorBody>("GET", "/api/v1/leads", { key: t.key });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    const unaffected = await callApi("GET", "/api/v1/leads", { key: other.key });
    expect(unaffected.status).toBe(200);
  });
});
