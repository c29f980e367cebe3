import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody } from "../../helpers/api-bodies";
import { deadDnsAddress, startDnsServer, type TestDnsServer } from "../../helpers/dns-server";

// POST and PATCH /webhook-endpoints when the DNS fails. The app's system lookup is pointed at a
// real resolver (c-ares) asking a DNS server of the test's (or a dead port), so the failures are
// the resolver's own: SERVFAIL, timeout, connection refused, NXDOMAIN.

const dns = vi.hoisted(() => ({ servers: null as string[] | null, timeoutMs: 300 }));

vi.mock("node:dns/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns/promises")>();
  const lookup = async (hostname: string, options: unknown) => {
    if (!dns.servers) return real.lookup(hostname, options as never);
    const resolver = new real.Resolver({ timeout: dns.timeoutMs, tries: 1 });
    resolver.setServers(dns.servers);
    return (await resolver.resolve4(hostname)).map((address) => ({ address, family: 4 }));
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

let server: TestDnsServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startDnsServer();
  tenant = await createTenant();
});
afterAll(() => server.close());
// Production's rules: vitest.config.ts allows private URLs for the other suites.
beforeEach(() => {
  vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "");
  dns.servers = [server.address];
});
afterEach(() => {
  vi.unstubAllEnvs();
  dns.servers = null;
  dns.timeoutMs = 300;
});

const create = (url: string) =>
  callApi<DataBody<{ id: string; url: string }> & ErrorBody>("POST", "/api/v1/webhook-endpoints", {
    key: tenant.key,
    body: { url, events: ["lead.created"] },
  });

describe(`webhook endpoint URLs when the DNS fails, on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it.each([
    ["answers SERVFAIL", () => server.answer({ rcode: "servfail" })],
    ["does not answer (timeout)", () => server.answer("silent")],
    ["cannot be reached (connection refused)", async () => void (dns.servers = [await deadDnsAddress()])],
  ])("a resolver that %s: the endpoint is created, to be checked again at each delivery", async (_, fail) => {
    await fail();
    const url = `https://hooks-${Math.random().toString(36).slice(2)}.example.test/in`;
    const res = await create(url);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.url).toBe(url);

    const got = await callApi<DataBody<{ url: string }>>("GET", `/api/v1/webhook-endpoints/${res.body.data.id}`, {
      key: tenant.key,
    });
    expect(got.body.data.url).toBe(url);
  });

  it("a resolver that keeps the lookup waiting (as getaddrinfo does, 10 s and more) does not hold the answer", async () => {
    server.answer("silent");
    dns.timeoutMs = 8_000;
    const started = performance.now();
    const res = await create("https://slow-dns.example.test/in");
    expect(res.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("PATCH with a new URL while the resolver fails: changed", async () => {
    server.answer({ a: "93.184.216.34" });
    const { body } = await create("https://hooks.example.test/a");
    server.answer({ rcode: "servfail" });
    const res = await callApi<DataBody<{ url: string }>>("PATCH", `/api/v1/webhook-endpoints/${body.data.id}`, {
      key: tenant.key,
      body: { url: "https://other.example.test/b" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe("https://other.example.test/b");
  });

  it("a name the DNS says does not exist (NXDOMAIN) is a 400 on url", async () => {
    server.answer({ rcode: "nxdomain" });
    const res = await create("https://nowhere.example.test/in");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "validation_error",
      details: [{ path: "url", message: "Webhook URL host does not resolve (ENOTFOUND)" }],
    });
  });

  it("a name that resolves to a private address is still refused", async () => {
    server.answer({ a: "10.0.0.5" });
    const res = await create("https://internal.example.test/in");
    expect(res.status).toBe(400);
    expect(res.body.error?.details).toEqual([
      { path: "url", message: "Webhook URL resolves to a private address (10.0.0.5)" },
    ]);
  });
});
