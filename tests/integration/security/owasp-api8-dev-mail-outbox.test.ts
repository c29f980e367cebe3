import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayReadLocalOutbox } from "@/lib/mail/local-outbox-access";
import { stampedPeer } from "@/lib/observability/peer-address-stamp";
import { outsideAddress, startPeerStampedServer, type PeerStampedServer } from "../../helpers/peer-stamped-server";

// OWASP API8:2023 Security Misconfiguration, issue 31 finding 16: /dev/mail (every password
// reset link, no sign-in) was turned on by absent variables alone, so a bare `npm start` with no
// DATABASE_URL served it to anyone who could reach the port. Over real sockets, with the stamp
// instrumentation.ts installs, the server below answers what app/dev/outbox-viewer.ts decides for
// a request: 200 where the outbox is shown, 404 where it is not.

let server: PeerStampedServer;

beforeAll(async () => {
  server = await startPeerStampedServer((request) => {
    // The embedded default (no DATABASE_URL, no SMTP_URL), or a server on PostgreSQL.
    const { pathname, search } = new URL(request.url);
    const env = `${pathname}${search}` === "/dev/mail?postgres" ? { DATABASE_URL: "postgres://db/crm" } : {};
    return new Response(null, { status: mayReadLocalOutbox(stampedPeer(request.headers), env) ? 200 : 404 });
  });
});

afterAll(() => server.close());

const status = (from: string, headers: Record<string, string> = {}, path = "/dev/mail") =>
  fetch(`http://${from}:${server.port}${path}`, { headers }).then((res) => res.status);

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

  it.skipIf(!outsideAddress)("is a 404 from another address, whatever the headers claim", async () => {
    expect(await status(outsideAddress!)).toBe(404);
    expect(await status(outsideAddress!, { host: "localhost", "x-forwarded-for": "127.0.0.1" })).toBe(404);
    expect(await status(outsideAddress!, { "x-leadprop-peer": "0 direct 127.0.0.1 127.0.0.1" })).toBe(404);
  });

  it("is a 404 for a request that did not come through this process's server (no stamp)", () => {
    expect(mayReadLocalOutbox(stampedPeer(new Headers({ host: "localhost" })), {})).toBe(false);
  });
});
