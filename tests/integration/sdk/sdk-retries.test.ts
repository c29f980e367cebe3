import { describe, expect, it } from "vitest";
import { createLeadPropClient, LeadPropError, type RetryInfo } from "@/sdk/src";
import { retryDelayMs } from "@/sdk/src/retrying-fetch";

// The SDK's retry rules, over a scripted transport: which answers are retried, how long it
// waits, when it gives up, and what it throws. (sdk-flow.test.ts runs them against the API.)

const LEAD = {
  id: "lead_01",
  name: "Ada",
  email: null,
  phone: null,
  status: "new",
  source: null,
  interest: null,
  budget: null,
  propertyId: null,
  assignedTo: null,
  tags: [],
  notes: null,
  smsOptOut: false,
  createdAt: "2026-11-22T09:30:00.000Z",
  updatedAt: "2026-11-22T09:30:00.000Z",
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const apiError = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `${code}!`, requestId: "req_1" } }, headers);

/** A client whose transport answers from `script`, one entry per attempt. */
function scripted(script: Array<Response | Error>, options: { maxRetries?: number; maxRetryDelayMs?: number } = {}) {
  const requests: Request[] = [];
  const retries: RetryInfo[] = [];
  const client = createLeadPropClient({
    baseUrl: "http://api.test/",
    apiKey: "lp_test_key",
    ...options,
    onRetry: (info) => retries.push(info),
    fetch: async (request) => {
      requests.push(request);
      const next = script.shift();
      if (!next) throw new Error("script exhausted");
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return { client, requests, retries };
}

describe("retries", () => {
  it("retries a 429 after Retry-After (whole seconds) plus jitter, keeping the POST's Idempotency-Key", async () => {
    const { client, requests, retries } = scripted([
      apiError(429, "rate_limited", { "retry-after": "0" }),
      apiError(503, "service_unavailable", { "retry-after": "0" }),
      json(201, { data: LEAD }),
    ]);
    await expect(client.leads.create({ name: "Ada" })).resolves.toEqual(LEAD);
    expect(requests.map((r) => r.method)).toEqual(["POST", "POST", "POST"]);
    const keys = requests.map((r) => r.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(requests.every((r) => r.headers.get("authorization") === "Bearer lp_test_key")).toBe(true);
    expect(requests[0].url).toBe("http://api.test/api/v1/leads");
    expect(retries.map((r) => r.response?.status)).toEqual([429, 503]);
    // Retry-After 0: only the jitter (at least 100 ms of room).
    for (const r of retries) expect(r.delayMs).toBeLessThan(100);
    // Every attempt sent the whole body.
    expect(await Promise.all(requests.map((r) => r.text()))).toEqual(Array(3).fill('{"name":"Ada"}'));
  });

  it("keeps a caller's own Idempotency-Key, and sends none on GET", async () => {
    const { client, requests } = scripted([
      json(201, { data: LEAD }),
      json(200, { data: [], meta: { cursor: null, hasMore: false, limit: 20 } }),
    ]);
    await client.leads.create({ name: "Ada" }, { idempotencyKey: "order-42" });
    await client.leads.page();
    expect(requests.map((r) => r.headers.get("idempotency-key"))).toEqual(["order-42", null]);
  });

  it("retries network errors with backoff, but not an abort", async () => {
    const { client, retries } = scripted([
      new TypeError("fetch failed"),
      json(200, { data: [], meta: { cursor: null, hasMore: false, limit: 20 } }),
    ]);
    await expect(client.leads.page()).resolves.toMatchObject({ data: [] });
    expect(retries).toHaveLength(1);
    expect(retries[0].error).toBeInstanceOf(TypeError);
    expect(retries[0].delayMs).toBeGreaterThanOrEqual(250);
    expect(retries[0].delayMs).toBeLessThanOrEqual(500);

    const abort = Object.assign(new Error("aborted"), { name: "AbortError" });
    const aborted = scripted([abort, json(200, {})]);
    await expect(aborted.client.leads.page()).rejects.toBe(abort);
    expect(aborted.retries).toHaveLength(0);
  });

  it("gives up after maxRetries with the last answer as a LeadPropError", async () => {
    const { client, requests } = scripted(
      [0, 1, 2].map(() => apiError(429, "rate_limited", { "retry-after": "0", "x-request-id": "req_h" })),
      { maxRetries: 2 },
    );
    const error = await client.leads.get("lead_01").catch((e: unknown) => e);
    expect(requests).toHaveLength(3);
    expect(error).toBeInstanceOf(LeadPropError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", message: "rate_limited!", requestId: "req_1" });
  });

  it("does not wait out a Retry-After longer than maxRetryDelayMs", async () => {
    const { client, requests } = scripted([apiError(429, "rate_limited", { "retry-after": "120" })]);
    await expect(client.leads.get("lead_01")).rejects.toMatchObject({ code: "rate_limited" });
    expect(requests).toHaveLength(1);
  });

  it("does not retry other errors", async () => {
    const { client, requests } = scripted([apiError(500, "internal_error")]);
    await expect(client.leads.get("lead_01")).rejects.toMatchObject({ status: 500, code: "internal_error" });
    expect(requests).toHaveLength(1);
  });

  it("types an answer without the API's envelope by its status", async () => {
    const { client } = scripted([new Response("<html>Bad gateway</html>", { status: 502 })], { maxRetries: 0 });
    const error = await client.leads.get("lead_01").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "internal_error", details: [], requestId: null });
    expect((error as LeadPropError).message).toContain("Bad gateway");
  });

  it("computes delays: Retry-After plus up to 20% (min 100 ms), else capped exponential backoff", () => {
    expect(retryDelayMs(1, 2000, () => 0)).toBe(2000);
    expect(retryDelayMs(1, 2000, () => 1)).toBe(2400);
    expect(retryDelayMs(1, 0, () => 1)).toBe(100);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, undefined, () => 1))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(retryDelayMs(3, undefined, () => 0)).toBe(1000);
  });
});
