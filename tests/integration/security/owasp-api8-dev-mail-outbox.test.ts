import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayReadLocalOutbox } from "@/lib/mail/local-outbox-access";
import { installPeerAddressStamp, stampedPeer } from "@/lib/observability/peer-address-stamp";

// OWASP API8:2023 Security Misconfiguration, issue 31 finding 16: /dev/mail (every password
// reset link, no sign-in) was turned on by absent variables alone, so a bare `npm start` with no
// DATABASE_URL served it to anyone who could reach the port. Over real sockets, with the stamp
// instrumentation.ts installs, the server below answers what app/dev/outbox-viewer.ts decides for
// a request: 200 where the outbox is shown, 404 where it is not.

/** A non-loopback address of this machine, to connect from "another host"; null when there is none. */
const outside =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address ?? null;

let server: Server;
let port: number;

beforeAll(async () => {
  installPeerAddressStamp();
  server = createServer((req, res) => {
    req.resume();
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress; // as Next does, after the stamp
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    // The embedded default (no DATABASE_URL, no SMTP_URL), or a server on PostgreSQL.
    const env = req.url === "/dev/mail?postgres" ? { DATABASE_URL: "postgres://db/crm" } : {};
    res.writeHead(mayReadLocalOutbox(stampedPeer(headers), env) ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const status = (from: string, headers: Record<string, string> = {}, path = "/dev/mail") =>
  fetch(`http://${from}:${port}${path}`, { headers }).then((res) => res.status);

describe("API8: the local mail outbox is for this machine's browser only (issue 31, finding 16)", () => {
  it("is shown to a loopback peer on the embedded default, as the e2e tests open it", async () => {
    expect(await status("127.0.0.1")).toBe(200);
    expect(await status("127.0.0.1", { host: "example.com" })).toBe(200);
  });

  it("is a 404 through a proxy on this host, and on a server with DATABASE_URL even from loopback", async () => {
    expect(await status("127.0.0.1", { "x-forwarded-for": "203.0.113.5" })).toBe(404);
    expect(await status("127.0.0.1", { forwarded: "for=203.0.113.5" })).toBe(404);
    expect(await status("127.0.0.1", {}, "/dev/mail?postgres")).toBe(404);
  });

  it.skipIf(!outside)("is a 404 from another address, whatever the headers claim", async () => {
    expect(await status(outside!)).toBe(404);
    expect(await status(outside!, { host: "localhost", "x-forwarded-for": "127.0.0.1" })).toBe(404);
    expect(await status(outside!, { "x-leadprop-peer": "0 direct 127.0.0.1 127.0.0.1" })).toBe(404);
  });

  it("is a 404 for a request that did not come through this process's server (no stamp)", () => {
    expect(mayReadLocalOutbox(stampedPeer(new Headers({ host: "localhost" })), {})).toBe(false);
  });
});
