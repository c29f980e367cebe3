import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metrics } from "@/app/api/metrics/route";
import { outsideAddress, startPeerStampedServer, type PeerStampedServer } from "../../helpers/peer-stamped-server";

// GET /api/metrics's access rules over real sockets. The server does what `next start` does
// to a request before the route handler (base-server.js fills X-Forwarded-For with the socket's
// address when none came), and the process has the peer stamp installed, as instrumentation.ts
// installs it: the route must still tell a local scraper from a remote one.

let server: PeerStampedServer;

beforeAll(async () => {
  server = await startPeerStampedServer(metrics);
});

afterAll(() => server.close());

async function get(from: string, options: { path?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`http://${from}:${server.port}${options.path ?? "/api/metrics"}`, {
    headers: options.headers,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

describe("who may read /api/metrics", () => {
  it("without METRICS_TOKEN: a scraper on this host, not one behind a proxy nor one that forges the stamp", async () => {
    delete process.env.METRICS_TOKEN;
    const local = await get("127.0.0.1");
    expect(local.status).toBe(200);
    expect(local.text).toMatch(/^nodejs_version_info\{/m);
    expect((await get("127.0.0.1", { path: "/api/metrics?name[]=x" })).status).toBe(200);

    // Through a proxy on this host: loopback peer, but the proxy names a client.
    const proxied = await get("127.0.0.1", { headers: { "x-forwarded-for": "203.0.113.5" } });
    expect(proxied.status).toBe(403);
    expect(JSON.parse(proxied.text)).toEqual({
      error: { code: "forbidden", message: expect.stringContaining("METRICS_TOKEN"), requestId: expect.any(String) },
    });
    expect(proxied.headers.get("x-request-id")).toBe(JSON.parse(proxied.text).error.requestId);
    expect((await get("127.0.0.1", { headers: { forwarded: "for=203.0.113.5" } })).status).toBe(403);
    // Host says loopback, but Host is the client's to write: not what decides here.
    expect((await get("127.0.0.1", { headers: { host: "example.com" } })).status).toBe(200);
  });

  it.skipIf(!outsideAddress)(
    "without METRICS_TOKEN: refused from another address, whatever the headers claim",
    async () => {
      delete process.env.METRICS_TOKEN;
      expect((await get(outsideAddress!)).status).toBe(403);
      expect((await get(outsideAddress!, { headers: { host: "localhost" } })).status).toBe(403);
      const forged = await get(outsideAddress!, {
        headers: { host: "localhost", "x-leadprop-peer": "0 direct 127.0.0.1" },
      });
      expect(forged.status).toBe(403);
    },
  );

  it("a request that reached the route without a stamp is judged by its headers, and Next's X-Forwarded-For refuses it", async () => {
    delete process.env.METRICS_TOKEN;
    const unstamped = (headers: Record<string, string>) =>
      metrics(new Request("http://localhost/api/metrics", { headers })).then((res) => res.status);
    expect(await unstamped({ host: "localhost", "x-forwarded-for": "127.0.0.1" })).toBe(403);
    expect(
      await unstamped({ host: "localhost", "x-leadprop-peer": "guess direct 127.0.0.1", "x-forwarded-for": "1.2.3.4" }),
    ).toBe(403);
    expect(await unstamped({ host: "localhost" })).toBe(200);
  });

  it("with METRICS_TOKEN: 401 in the API's error envelope without it, 200 with it from anywhere", async () => {
    process.env.METRICS_TOKEN = "metrics-token-for-tests";
    try {
      const none = await get("127.0.0.1");
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(none.headers.get("cache-control")).toBe("no-store");
      const body = JSON.parse(none.text);
      expect(body).toEqual({
        error: {
          code: "unauthorized",
          message: expect.stringContaining("METRICS_TOKEN"),
          requestId: expect.any(String),
        },
      });
      expect(none.headers.get("x-request-id")).toBe(body.error.requestId);
      expect(none.text).not.toContain("metrics-token-for-tests");
      const wrong = await get("127.0.0.1", { headers: { authorization: "Bearer metrics-token-for-test" } });
      expect(wrong.status).toBe(401);
      const right = await get(outsideAddress ?? "127.0.0.1", {
        headers: { authorization: "Bearer metrics-token-for-tests", "x-forwarded-for": "203.0.113.5" },
      });
      expect(right.status).toBe(200);
      expect(right.text).toContain("# TYPE leadprop_api_requests_total counter");
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
});
