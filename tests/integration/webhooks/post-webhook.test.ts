import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { postWebhook } from "@/lib/webhooks/post-webhook";

// Real receivers on 127.0.0.1, reached with private URLs allowed as in development.

interface Received {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];

async function receiver(answer: (res: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
    answer(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, received };
}

beforeEach(() => vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "1"));
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("postWebhook", () => {
  it("POSTs the body and headers intact, with the default User-Agent and Content-Type", async () => {
    const target = await receiver((res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok"));
    const body = JSON.stringify({ type: "lead.updated", data: { object: { name: "Zoë 🏠" } } });
    const result = await postWebhook({
      url: `${target.url}/hooks/in?tenant=1`,
      headers: { "webhook-id": "msg_1", "webhook-timestamp": "1700000000", "webhook-signature": "v1,abc=" },
      body,
    });

    expect(result).toEqual({ status: 200, responseBody: "ok", error: null, durationMs: expect.any(Number) });
    expect(target.received).toHaveLength(1);
    const [request] = target.received;
    expect(request).toMatchObject({ method: "POST", url: "/hooks/in?tenant=1", body });
    expect(request.headers).toMatchObject({
      host: `127.0.0.1:${target.port}`,
      "user-agent": "LeadProp-Webhooks/1.0",
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      "webhook-id": "msg_1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": "v1,abc=",
    });
  });

  it("lets the caller set Content-Type and User-Agent, whatever their case", async () => {
    const target = await receiver((res) => res.end());
    await postWebhook({
      url: target.url,
      headers: { "content-type": "application/cloudevents+json", "USER-AGENT": "Custom/2" },
      body: "{}",
    });
    expect(target.received[0].headers).toMatchObject({
      "content-type": "application/cloudevents+json",
      "user-agent": "Custom/2",
    });
  });

  it("reports a non-2xx status and its body as a result, not an error", async () => {
    const target = await receiver((res) => res.writeHead(500).end("boom"));
    expect(await postWebhook({ url: target.url, headers: {}, body: "{}" })).toMatchObject({
      status: 500,
      responseBody: "boom",
      error: null,
    });
  });

  it("does not follow a redirect: a 302 is the result", async () => {
    const target = await receiver((res) => res.writeHead(302, { location: "/elsewhere" }).end());
    const result = await postWebhook({ url: `${target.url}/hook`, headers: {}, body: "{}" });
    expect(result).toMatchObject({ status: 302, error: null });
    expect(target.received.map((request) => request.url)).toEqual(["/hook"]);
  });

  it("gives up on a receiver that never answers when the attempt's time is up", async () => {
    const target = await receiver(() => {});
    const started = performance.now();
    const result = await postWebhook({ url: target.url, headers: {}, body: "{}", timeoutMs: 200 });
    expect(result).toMatchObject({ status: null, responseBody: "", error: "timeout after 200 ms" });
    expect(result.durationMs).toBeGreaterThanOrEqual(195);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("keeps the status when the body is still dribbling in at the timeout", async () => {
    const target = await receiver((res) => res.writeHead(200).write("partial"));
    const result = await postWebhook({ url: target.url, headers: {}, body: "{}", timeoutMs: 200 });
    expect(result).toMatchObject({ status: 200, responseBody: "partial", error: "timeout after 200 ms" });
  });

  it("stops reading a 5 MB response after 64 KB and keeps the first 2 KB", async () => {
    // The first megabyte at once, the rest only after 3 s: a client that read on would wait for
    // it and hit the 2 s timeout, one that stops at 64 KB returns at once.
    let serverSawClose = false;
    const target = await receiver((res) => {
      res.writeHead(200, { "content-length": String(5 * 1024 * 1024) });
      res.write(Buffer.alloc(1024 * 1024, "x"));
      const rest = setTimeout(() => res.end(Buffer.alloc(4 * 1024 * 1024, "x")), 3_000);
      res.on("close", () => ((serverSawClose = !res.writableFinished), clearTimeout(rest)));
    });
    const result = await postWebhook({ url: target.url, headers: {}, body: "{}", timeoutMs: 2_000 });

    expect(result).toMatchObject({ status: 200, error: null, responseBody: "x".repeat(2048) });
    expect(result.durationMs).toBeLessThan(1_000);
    await vi.waitFor(() => expect(serverSawClose).toBe(true));
  });

  it("keeps an answer holding NUL storable: U+FFFD in its place", async () => {
    const { url } = await receiver((res) => res.writeHead(500).end("bad\u0000answer"));
    const result = await postWebhook({ url, headers: {}, body: "{}" });
    expect(result).toMatchObject({ status: 500, responseBody: "bad\uFFFDanswer" });
  });

  it("cuts the kept body at 2 KB without splitting a character", async () => {
    const target = await receiver((res) => res.end("€".repeat(1000)));
    const result = await postWebhook({ url: target.url, headers: {}, body: "{}" });
    expect(result.responseBody).toBe("€".repeat(682));
  });

  it("counts DNS in the attempt: a failed lookup is an error, a hanging one hits the timeout", async () => {
    const url = "https://hooks.example.test/in";
    const notFound = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND hooks.example.test"), { code: "ENOTFOUND" });
    };
    expect(await postWebhook({ url, headers: {}, body: "{}", resolveHost: notFound })).toMatchObject({
      status: null,
      error: "host does not resolve (ENOTFOUND)",
    });
    const hanging = () => new Promise<string[]>(() => {});
    expect(await postWebhook({ url, headers: {}, body: "{}", resolveHost: hanging, timeoutMs: 100 })).toMatchObject({
      status: null,
      error: "timeout after 100 ms",
    });
  });

  it("returns a refused connection as an error", async () => {
    const target = await receiver(() => {});
    const server = servers.pop() as http.Server;
    await new Promise((resolve) => server.close(resolve));
    expect(await postWebhook({ url: target.url, headers: {}, body: "{}" })).toMatchObject({
      status: null,
      responseBody: "",
      error: "connection refused",
    });
  });
});

describe("postWebhook's connections to a receiver", () => {
  it("are kept alive and reused by the next delivery", async () => {
    const target = await receiver((res) => res.end("ok"));
    const connections = new Set<string>();
    servers[0].on("connection", (socket) => connections.add(`${socket.remotePort}`));
    for (let i = 0; i < 3; i++) {
      expect(await postWebhook({ url: `${target.url}/in`, headers: {}, body: "{}" })).toMatchObject({ status: 200 });
    }
    expect(target.received).toHaveLength(3);
    expect(connections.size).toBe(1);
  });

  it("are not reused after an answer cut at the read limit (the rest is never read)", async () => {
    const target = await receiver((res) => res.end("x".repeat(200 * 1024)));
    let connections = 0;
    servers[0].on("connection", () => connections++);
    for (let i = 0; i < 2; i++) {
      expect(await postWebhook({ url: `${target.url}/in`, headers: {}, body: "{}" })).toMatchObject({ status: 200 });
    }
    expect(connections).toBe(2);
  });

  it("send once more on a new connection when a reused one is reset before any answer", async () => {
    // A raw server: it answers the first request on a connection and resets the connection at the
    // second, as a receiver closing an idle socket just as we write into it does.
    let connections = 0;
    const requests: number[] = [];
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => {
      sockets.push(socket);
      const connection = ++connections;
      let served = 0;
      socket.on("data", (data) => {
        if (!data.includes("\r\n\r\n")) return;
        requests.push(connection);
        if (served++ === 0) socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok");
        else socket.resetAndDestroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
      expect(await postWebhook({ url, headers: {}, body: "{}" })).toMatchObject({ status: 200, error: null });
      expect(await postWebhook({ url, headers: {}, body: "{}" })).toMatchObject({ status: 200, error: null });
      // Second delivery: tried on connection 1 (reset), sent again on a new connection 2.
      expect(requests).toEqual([1, 1, 2]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
