import { Resolver } from "node:dns/promises";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkWebhookUrl, type ResolveHost } from "@/lib/webhooks/check-webhook-url";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { deadDnsAddress } from "../../helpers/dns-server";

// The guard at delivery time, against a real receiver on 127.0.0.1 that counts the connections it
// gets: a refused URL must never reach it, an allowed one must reach the address that was checked.

const PUBLIC = "93.184.216.34";
const LOOPBACK_HINT = "loopback receivers are accepted only on the embedded database, for local development";
const servers: net.Server[] = [];

async function listen<T extends net.Server>(server: T) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function receiver() {
  const seen = { connections: 0, hosts: [] as (string | undefined)[] };
  const server = http.createServer((req, res) => (seen.hosts.push(req.headers.host), res.end("ok")));
  server.on("connection", () => seen.connections++);
  return { port: await listen(server), seen };
}

/** Answers with each list in turn, then the last one again. */
function resolverAnswering(...answers: string[][]) {
  let calls = 0;
  return vi.fn<ResolveHost>(async () => answers[Math.min(calls++, answers.length - 1)]);
}

// vitest.config.ts allows private URLs for every other suite; here production's rules apply unless
// a test says otherwise: no private URLs, and a server database (no loopback receivers). Nothing
// here opens the database.
beforeEach(() => {
  vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "");
  vi.stubEnv("DATABASE_URL", "postgres://db.example/leadprop");
});

afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of servers.splice(0)) {
    if (server instanceof http.Server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("postWebhook refuses, without connecting, in production mode", () => {
  it.each([
    ["http://127.0.0.1:PORT/hook", `refused: must use https: ${LOOPBACK_HINT}`],
    ["https://127.0.0.1:PORT/hook", `refused: is a loopback address (127.0.0.1): ${LOOPBACK_HINT}`],
    [
      "https://169.254.169.254/latest/meta-data/",
      "refused: is a link-local (cloud metadata) address (169.254.169.254)",
    ],
    ["https://10.0.0.5/hook", "refused: is a private address (10.0.0.5)"],
    ["https://[::1]:PORT/hook", `refused: is a loopback address (::1): ${LOOPBACK_HINT}`],
    [
      "https://[::ffff:127.0.0.1]:PORT/hook",
      `refused: is a loopback address (::ffff:7f00:1, which carries 127.0.0.1): ${LOOPBACK_HINT}`,
    ],
    ["https://user:pass@hooks.example.test:PORT/", "refused: must not contain credentials (user:password@)"],
    ["http://hooks.example.test:PORT/", "refused: must use https"],
  ])("%s", async (url, error) => {
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "");
    const { port, seen } = await receiver();
    const resolveHost = resolverAnswering([PUBLIC]);
    const result = await postWebhook({ url: url.replace("PORT", String(port)), headers: {}, body: "{}", resolveHost });
    expect(result).toMatchObject({ status: null, responseBody: "", error });
    expect(seen.connections).toBe(0);
  });

  it("a name that resolves to loopback: localhost, and one from the injected resolver", async () => {
    const { port, seen } = await receiver();
    const system = await postWebhook({ url: `https://localhost:${port}/`, headers: {}, body: "{}" });
    expect(system.error).toMatch(/^refused: resolves to a loopback address \((127\.0\.0\.1|::1)\): loopback receivers/);

    const resolveHost = resolverAnswering(["127.0.0.1"]);
    const injected = await postWebhook({
      url: `https://hooks.example.test:${port}/`,
      headers: {},
      body: "{}",
      allowPrivateUrls: false,
      resolveHost,
    });
    expect(injected.error).toBe(`refused: resolves to a loopback address (127.0.0.1): ${LOOPBACK_HINT}`);
    expect(resolveHost).toHaveBeenCalledWith("hooks.example.test");
    expect(seen.connections).toBe(0);
  });
});

describe("DNS rebinding", () => {
  it("a name that was public when the endpoint was saved and is loopback at delivery is refused", async () => {
    const { port, seen } = await receiver();
    const url = `https://hooks.example.test:${port}/in`;
    const resolveHost = resolverAnswering([PUBLIC], ["127.0.0.1"]);
    const options = { allowPrivateUrls: false, resolveHost };

    expect(await checkWebhookUrl(url, options)).toMatchObject({ ok: true, address: PUBLIC });
    const result = await postWebhook({ url, headers: {}, body: "{}", ...options });
    expect(result).toMatchObject({
      status: null,
      error: `refused: resolves to a loopback address (127.0.0.1): ${LOOPBACK_HINT}`,
    });
    expect(seen.connections).toBe(0);
  });

  it("connects to the address checked in the same attempt: one resolution per attempt, none by Node", async () => {
    // The second answer would be refused even in development; Node's own DNS does not know the
    // name at all. Only a connection to the first answer can succeed.
    const { port, seen } = await receiver();
    const url = `http://rebind.example.test:${port}/in`;
    const resolveHost = resolverAnswering(["127.0.0.1"], ["169.254.169.254"]);
    const options = { url, headers: {}, body: "{}", allowPrivateUrls: true, resolveHost, timeoutMs: 2_000 };

    expect(await postWebhook(options)).toMatchObject({ status: 200, responseBody: "ok", error: null });
    expect(resolveHost).toHaveBeenCalledTimes(1);
    expect(seen).toEqual({ connections: 1, hosts: [`rebind.example.test:${port}`] });

    expect(await postWebhook(options)).toMatchObject({
      status: null,
      error: "refused: resolves to a link-local (cloud metadata) address (169.254.169.254)",
    });
    expect(resolveHost).toHaveBeenCalledTimes(2);
    expect(seen.connections).toBe(1);
  });

  it("reuses a kept-alive connection only for the same checked address: a name that now points elsewhere gets a new one", async () => {
    // 127.0.0.1 and 127.0.0.2 are both this machine: one server on all addresses sees which
    // address each request came in on, and on how many connections.
    const seen = { connections: 0, addresses: [] as (string | undefined)[] };
    const server = http.createServer((req, res) => (seen.addresses.push(req.socket.localAddress), res.end("ok")));
    server.on("connection", () => seen.connections++);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    const port = (server.address() as AddressInfo).port;
    const resolveHost = resolverAnswering(["127.0.0.1"], ["127.0.0.1"], ["127.0.0.2"]);
    const options = {
      url: `http://moving.example.test:${port}/in`,
      headers: {},
      body: "{}",
      allowPrivateUrls: true,
      resolveHost,
    };

    for (let i = 0; i < 3; i++) expect(await postWebhook(options)).toMatchObject({ status: 200, error: null });
    expect(seen.addresses.map((address) => address?.replace(/^::ffff:/, ""))).toEqual([
      "127.0.0.1",
      "127.0.0.1",
      "127.0.0.2",
    ]);
    expect(seen.connections).toBe(2);
  });

  it("over https, sends the host name (not the address) as SNI so the certificate is checked for it", async () => {
    let clientHello: Buffer | string | undefined;
    const tls = net.createServer((socket) => socket.once("data", (data) => ((clientHello = data), socket.destroy())));
    const port = await listen(tls);
    const resolveHost = resolverAnswering(["127.0.0.1"]);

    const result = await postWebhook({
      url: `https://sni.example.test:${port}/in`,
      headers: {},
      body: "{}",
      allowPrivateUrls: true,
      resolveHost,
      timeoutMs: 2_000,
    });
    expect(result).toMatchObject({ status: null, error: expect.any(String) });
    expect(result.error).not.toMatch(/timeout|refused/);
    expect(clientHello?.includes("sni.example.test")).toBe(true);
    expect(resolveHost).toHaveBeenCalledTimes(1);
  });
});

describe("on the embedded database (no DATABASE_URL), a developer's own receiver", () => {
  beforeEach(() => vi.stubEnv("DATABASE_URL", ""));

  it.each(["127.0.0.1", "localhost"])("gets the delivery over http on %s", async (host) => {
    const { port, seen } = await receiver();
    const result = await postWebhook({ url: `http://${host}:${port}/hook`, headers: {}, body: "{}", timeoutMs: 2_000 });
    expect(result).toMatchObject({ status: 200, responseBody: "ok", error: null });
    expect(seen.connections).toBe(1);
  });

  it("but nothing else is opened up: a private address, or http to a public name", async () => {
    const { port, seen } = await receiver();
    const privateName = await postWebhook({
      url: `https://lan.example.test:${port}/`,
      headers: {},
      body: "{}",
      resolveHost: resolverAnswering(["192.168.1.20"]),
    });
    expect(privateName.error).toBe("refused: resolves to a private address (192.168.1.20)");
    const publicHttp = await postWebhook({
      url: `http://hooks.example.test:${port}/`,
      headers: {},
      body: "{}",
      resolveHost: resolverAnswering([PUBLIC]),
    });
    expect(publicHttp.error).toBe("refused: must use https (only a receiver on this computer may use http)");
    expect(seen.connections).toBe(0);
  });
});

describe("a resolver that fails at delivery", () => {
  it("is an error worth retrying (not a refusal), and nothing is sent", async () => {
    const { port, seen } = await receiver();
    const resolver = new Resolver({ timeout: 300, tries: 1 });
    resolver.setServers([await deadDnsAddress()]);
    const result = await postWebhook({
      url: `https://hooks.example.test:${port}/`,
      headers: {},
      body: "{}",
      resolveHost: (hostname) => resolver.resolve4(hostname),
    });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^host could not be resolved \((ECONNREFUSED|ETIMEOUT)\)$/);
    expect(seen.connections).toBe(0);
  });
});
