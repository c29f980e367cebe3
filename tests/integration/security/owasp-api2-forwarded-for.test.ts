import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestClient } from "@/lib/audit/request-client";
import { MAX_REQUESTS_PER_IP } from "@/lib/auth/password-reset-throttle";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { installPeerAddressStamp } from "@/lib/observability/peer-address-stamp";

// OWASP API2:2023 Broken Authentication, issue 31 finding 7: X-Forwarded-For was believed as the
// client's address, so a new forged address on each call beat the per-address "Forgot password?"
// limit, and any address could be written into the audit log. Over real sockets, with the stamp
// instrumentation.ts installs: the server below does what forgot-password/actions.ts does with a
// request's headers, and answers the address the app took as the client's.

let server: Server;
let port: number;

beforeAll(async () => {
  installPeerAddressStamp();
  server = createServer(async (req, res) => {
    req.resume();
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress; // as Next does
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const url = new URL(req.url ?? "/", "http://localhost");
    const origin = requestClient(headers);
    const outcome = await requestPasswordReset(
      {
        email: url.searchParams.get("email") ?? "",
        origin,
        baseUrl: "http://localhost",
        now: new Date(url.searchParams.get("now")!),
      },
      { mailer: { kind: "outbox", send: async () => {} } },
    );
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ip: origin.ip, outcome }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
});

/** "Forgot password?" for a new unknown email at `now`, with this X-Forwarded-For. */
async function forgot(now: string, n: number, forwardedFor?: string): Promise<{ ip: string; outcome: string }> {
  const query = new URLSearchParams({ email: `nobody-${n}-${now}@forwarded.test`, now });
  return new Promise((resolve, reject) => {
    const req = request(
      { port, host: "127.0.0.1", path: `/?${query}`, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve(JSON.parse(text) as { ip: string; outcome: string }));
      },
    );
    req.on("error", reject).end();
  });
}

// 21 requests each, on a loaded machine and the embedded engine's first open: not 30 s.
describe(
  "API2: the client's address is not what X-Forwarded-For claims (issue 31, finding 7)",
  { timeout: 120_000 },
  () => {
    it("with no trusted proxy (the default), a forged address on each call neither escapes the per-address reset limit nor reaches the audit log", async () => {
      const now = "2030-01-01T10:00:00.000Z";
      for (let n = 0; n < MAX_REQUESTS_PER_IP; n++) {
        expect(await forgot(now, n, `203.0.113.${n}`)).toEqual({ ip: "127.0.0.1", outcome: "accepted" });
      }
      expect(await forgot(now, 99, "203.0.113.250")).toEqual({ ip: "127.0.0.1", outcome: "ip_throttled" });
    });

    it("with TRUSTED_PROXY_HOPS=1, the entry the proxy appended is the client, and what the client wrote left of it is ignored", async () => {
      process.env.TRUSTED_PROXY_HOPS = "1";
      const now = "2030-02-01T10:00:00.000Z";
      // This socket plays the proxy: it appended 198.51.100.7, the address it saw.
      for (let n = 0; n < MAX_REQUESTS_PER_IP; n++) {
        expect(await forgot(now, n, `203.0.113.${n}, 198.51.100.7`)).toEqual({
          ip: "198.51.100.7",
          outcome: "accepted",
        });
      }
      expect(await forgot(now, 99, "203.0.113.250, 198.51.100.7")).toMatchObject({ outcome: "ip_throttled" });
      // Another client behind the same proxy has a limit of its own.
      expect(await forgot(now, 100, "198.51.100.8")).toEqual({ ip: "198.51.100.8", outcome: "accepted" });
      // A request that reached the app without passing the proxy: its peer is the client.
      expect(await forgot(now, 101)).toEqual({ ip: "127.0.0.1", outcome: "accepted" });
    });
  },
);
