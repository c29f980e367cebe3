import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEndpointSecret } from "@/lib/webhooks/endpoint-secret";
import { signedWebhookHeaders } from "@/lib/webhooks/sign-webhook";
import {
  createLeadPropClient,
  LeadPropError,
  verifyWebhook,
  WebhookVerificationError,
  type RetryInfo,
} from "@/sdk/src";
import { createTenant, type TestTenant } from "../../helpers/api";
import { awayFromWindowEdge } from "../../helpers/rate-limit-env";
import { killAndWait } from "../../helpers/spawn-process";
import { startApiServer } from "../../helpers/start-api-server";

// The integrator's whole flow through the SDK, against real server processes (the real /api/v1
// handlers over node:http, tests/helpers/api-server.ts) on the test database and Redis: one with
// the usual limit, one allowing 3 requests per 2 s so a 429 comes quickly and is waited out.

const SMALL_LIMIT = 3;
const SMALL_WINDOW_MS = 2000;

const servers: ChildProcess[] = [];
let base: string;
let limitedBase: string;
let tenant: TestTenant;

async function startServer(limit: number, windowMs: number): Promise<string> {
  const started = await startApiServer({
    RATE_LIMIT_PER_MINUTE: String(limit),
    RATE_LIMIT_WINDOW_MS: String(windowMs),
  });
  servers.push(started.child);
  return started.base;
}

/** A transport that records what each attempt sent. */
function recordingFetch(sent: Array<{ method: string; url: string; idempotencyKey: string | null }>) {
  return (request: Request) => {
    sent.push({ method: request.method, url: request.url, idempotencyKey: request.headers.get("idempotency-key") });
    return fetch(request);
  };
}

beforeAll(async () => {
  [tenant, base, limitedBase] = await Promise.all([
    createTenant(),
    startServer(1000, 60_000),
    startServer(SMALL_LIMIT, SMALL_WINDOW_MS),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => killAndWait(server)));
});

describe("the SDK against a live server", () => {
  it("creates, pages with for await, updates, deletes, and answers a 404 as a typed LeadPropError", async () => {
    const sent: Parameters<typeof recordingFetch>[0] = [];
    const client = createLeadPropClient({ baseUrl: base, apiKey: tenant.key, fetch: recordingFetch(sent) });
    const tag = `sdk-${randomUUID().slice(0, 8)}`;

    const created = [];
    for (let i = 0; i < 5; i++) {
      created.push(await client.leads.create({ name: `SDK lead ${i}`, email: `Lead${i}@SDK.test`, tags: [tag] }));
    }
    expect(created[0]).toMatchObject({ status: "new", email: "lead0@sdk.test", phone: null, tags: [tag] });
    // Every POST carried a key of its own.
    const keys = sent.filter((s) => s.method === "POST").map((s) => s.idempotencyKey);
    expect(new Set(keys).size).toBe(5);
    expect(keys.every((k) => k && /^[0-9a-f-]{36}$/.test(k))).toBe(true);

    sent.length = 0;
    const seen: string[] = [];
    for await (const lead of client.leads.list({ tag, limit: 2 })) seen.push(lead.id);
    expect(seen).toEqual(created.map((l) => l.id).reverse());
    expect(sent.map((s) => s.method)).toEqual(["GET", "GET", "GET"]);
    expect(sent.every((s) => s.idempotencyKey === null)).toBe(true);

    // Breaking out early fetches no further page.
    sent.length = 0;
    for await (const lead of client.leads.list({ tag, limit: 2 })) {
      expect(lead.tags).toContain(tag);
      break;
    }
    expect(sent).toHaveLength(1);

    const page = await client.leads.page({ tag, limit: 2, sort: "createdAt" });
    expect(page.data.map((l) => l.id)).toEqual([created[0].id, created[1].id]);
    expect(page.meta).toMatchObject({ hasMore: true, limit: 2 });

    const updated = await client.leads.update(created[0].id, { status: "contacted", email: null, budget: 250_000 });
    expect(updated).toMatchObject({ id: created[0].id, status: "contacted", email: null, budget: 250_000 });
    const fetched = await client.leads.get(created[0].id);
    // A full-access key may read activities, so they are there (absent without activities:read).
    expect(fetched.activities?.map((a) => a.type)).toContain("lead_status_changed");

    const deleted = await client.leads.delete(created[0].id);
    expect(deleted).toMatchObject({ id: created[0].id });

    const notFound = await client.leads.get(created[0].id).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(LeadPropError);
    expect(LeadPropError.is(notFound, "not_found")).toBe(true);
    expect(notFound).toMatchObject({ status: 404, code: "not_found", details: [] });
    expect((notFound as LeadPropError).requestId).toMatch(/^req_/);

    const remaining: string[] = [];
    for await (const lead of client.leads.list({ tag })) remaining.push(lead.id);
    expect(remaining).toHaveLength(4);
  });

  it("takes in inquiries and writes batches, each item answered alone", async () => {
    const client = createLeadPropClient({ baseUrl: base, apiKey: tenant.key });
    const email = `intake-${randomUUID().slice(0, 8)}@sdk.test`;
    const first = await client.leads.intake({ name: "Inquirer", email, message: "Hello" });
    const again = await client.leads.intake({ name: "Inquirer", email: email.toUpperCase(), phone: "+14155550123" });
    expect(first.matched).toBeNull();
    expect(again).toMatchObject({ matched: "email", data: { id: first.data.id, phone: "+14155550123" } });

    const externalId = `sdk-${randomUUID().slice(0, 8)}`;
    const results = await client.leads.batch({
      items: [
        { op: "upsert", data: { externalId, name: "Batch lead" } },
        { op: "create", data: { name: "Same id", externalId } },
      ],
    });
    expect(results.map((r) => r.status)).toEqual([201, 409]);
    const [property] = await client.properties.batch({
      items: [{ op: "create", data: { title: "Batch home", type: "house", listingType: "sale" } }],
    });
    expect(property).toMatchObject({ status: 201, data: { title: "Batch home" } });
  });

  it("answers a bad body with a validation_error that lists every field", async () => {
    const client = createLeadPropClient({ baseUrl: base, apiKey: tenant.key });
    const error = await client.leads.create({ name: "", email: "not-an-email" }).catch((e: unknown) => e);
    expect(LeadPropError.is(error, "validation_error")).toBe(true);
    const { status, details } = error as LeadPropError;
    expect(status).toBe(400);
    expect(details.map((d) => d.path).sort()).toEqual(["email", "name"]);
  });

  it("pages every other list the same way", async () => {
    const client = createLeadPropClient({ baseUrl: base, apiKey: tenant.key });
    const property = await client.properties.create({ title: "SDK home", type: "house", listingType: "sale" });
    const lead = await client.leads.create({ name: "SDK visitor" });
    const visit = await client.visits.create({
      leadId: lead.id,
      propertyId: property.id,
      scheduledAt: "2030-12-01T10:00:00.000Z",
    });
    const moved = await client.visits.update(visit.id, { scheduledAt: "2030-12-02T15:30:00.000Z" });
    expect(moved).toMatchObject({ id: visit.id, scheduledAt: "2030-12-02T15:30:00.000Z", status: "scheduled" });
    const endpoint = await client.webhookEndpoints.create({
      url: "http://127.0.0.1:9/sdk",
      events: ["property.deleted"],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);

    const all = async <T>(items: AsyncIterable<T>) => {
      const out: T[] = [];
      for await (const item of items) out.push(item);
      return out;
    };
    expect((await all(client.properties.list({ limit: 1 }))).map((p) => p.id)).toContain(property.id);
    expect(await all(client.visits.list({ limit: 1 }))).toHaveLength(1);
    expect((await all(client.activities.list({ limit: 3 }))).length).toBeGreaterThan(3);
    expect((await all(client.webhookEndpoints.list({ limit: 1 }))).map((w) => w.id)).toEqual([endpoint.id]);
    // Polled: the feed shows an event once every older transaction has ended (other test files
    // share this database).
    await expect
      .poll(async () => (await all(client.events.list({ limit: 5 }))).map((e) => e.type), {
        timeout: 10_000,
        interval: 250,
      })
      .toContain("visit.created");

    const texted = await client.leads.create({ name: "SDK texter", phone: "+14155550188" });
    for (const message of ["One", "Two", "Three"]) await client.leads.sendSms(texted.id, { message });
    const conversation = await all(client.leads.listSms(texted.id, { limit: 2, sort: "createdAt" }));
    expect(conversation.map((m) => [m.message, m.direction])).toEqual([
      ["One", "outbound"],
      ["Two", "outbound"],
      ["Three", "outbound"],
    ]);
  });

  it("waits out a 429 by itself, and the retried POST keeps its Idempotency-Key (one lead)", async () => {
    const limited = await createTenant();
    const sent: Parameters<typeof recordingFetch>[0] = [];
    const retries: RetryInfo[] = [];
    const client = createLeadPropClient({
      baseUrl: limitedBase,
      apiKey: limited.key,
      fetch: recordingFetch(sent),
      maxRetries: 3,
      onRetry: (info) => retries.push(info),
    });
    const name = `Limited ${randomUUID()}`;

    // The server's first request loads the route and opens the limiter and the pool, which took
    // over 3 s on a loaded machine: longer than the window, so the burst's first request fell out
    // of it and the POST was admitted. Warm it with another account's key (its own count) first.
    const warm = await fetch(`${limitedBase}/api/v1/leads?limit=1`, {
      headers: { authorization: `Bearer ${tenant.key}` },
    });
    expect(warm.status).toBe(200);
    // The whole burst inside one window, so the limiter's count is exact.
    await awayFromWindowEdge(SMALL_WINDOW_MS, 1500);
    for (let i = 0; i < SMALL_LIMIT; i++) await client.leads.page({ limit: 1 });
    const started = Date.now();
    const lead = await client.leads.create({ name });
    const waited = Date.now() - started;

    expect(lead.name).toBe(name);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0].response?.status).toBe(429);
    expect(retries[0].delayMs).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeGreaterThanOrEqual(1000);
    const posts = sent.filter((s) => s.method === "POST");
    expect(posts.length).toBe(retries.length + 1);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);

    // Counted on the unlimited server, with the same key's account.
    const check = createLeadPropClient({ baseUrl: base, apiKey: limited.key });
    const matches = [];
    for await (const found of check.leads.list({ q: name })) matches.push(found.id);
    expect(matches).toEqual([lead.id]);
  }, 30_000);

  it("retries a POST whose answer was lost, and the API replays it instead of creating twice", async () => {
    let firstAnswer: { id: string } | undefined;
    const keys: Array<string | null> = [];
    const client = createLeadPropClient({
      baseUrl: base,
      apiKey: tenant.key,
      fetch: async (request) => {
        keys.push(request.headers.get("idempotency-key"));
        const response = await fetch(request);
        if (request.method === "POST" && !firstAnswer) {
          // The server did the work; the connection drops before the client reads the answer.
          firstAnswer = ((await response.json()) as { data: { id: string } }).data;
          throw new TypeError("fetch failed");
        }
        return response;
      },
    });
    const name = `Lost answer ${randomUUID()}`;
    const lead = await client.leads.create({ name });
    expect(lead.id).toBe(firstAnswer?.id);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    const matches = [];
    for await (const found of client.leads.list({ q: name })) matches.push(found.id);
    expect(matches).toEqual([lead.id]);
  });

  it("verifies a webhook signed as the API signs it, and returns the typed event", async () => {
    const client = createLeadPropClient({ baseUrl: base, apiKey: tenant.key });
    // Polled, as above: the feed waits for older transactions of other test files.
    const firstEvent = async () => (await client.events.page({ limit: 1, type: "lead.created" })).data[0];
    await expect.poll(firstEvent, { timeout: 10_000, interval: 250 }).toBeDefined();
    const event = (await firstEvent())!;
    const body = JSON.stringify(event);
    const secret = newEndpointSecret();
    const headers = signedWebhookHeaders({ id: event.id, timestamp: new Date(), body, secrets: [secret] });

    const verified = verifyWebhook(body, new Headers(headers), secret);
    expect(verified).toEqual(event);
    if (verified.type !== "lead.created") throw new Error(`unexpected ${verified.type}`);
    // Narrowed by `type`: the object is a lead.
    expect(verified.data.object.id).toMatch(/^lead_/);

    // Node's header object and bytes work too; after a roll either secret verifies.
    const rolled = newEndpointSecret();
    const both = signedWebhookHeaders({ id: event.id, timestamp: new Date(), body, secrets: [rolled, secret] });
    expect(verifyWebhook(new TextEncoder().encode(body), { ...both }, secret)).toEqual(event);
    expect(verifyWebhook(body, both, rolled)).toEqual(event);

    expect(() => verifyWebhook(body.replace(event.id, "evt_forged"), headers, secret)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(body, headers, newEndpointSecret())).toThrow(WebhookVerificationError);
    const old = signedWebhookHeaders({
      id: event.id,
      timestamp: new Date(Date.now() - 10 * 60_000),
      body,
      secrets: [secret],
    });
    expect(() => verifyWebhook(body, old, secret)).toThrow(WebhookVerificationError);
  });
});
