import { createConnection, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/keys/create-api-key";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { freePort, httpStatus, killAll, startWeb, type Proc } from "./fleet-processes";

// One web process (`npm start`, scripts/start-server.mts) stopped with SIGTERM while a request is
// in flight: readiness turns 503 at once and requests are still served for SHUTDOWN_DRAIN_MS;
// then the port closes (idle keep-alive connections with it), the request in flight finishes
// with `Connection: close`, and the process exits 0. Its job workers (RUN_WORKERS is on) take
// nothing from the signal on. A request that outlives SHUTDOWN_TIMEOUT_MS is cut, and the process
// still stops in time.

let key: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  const n = Date.now().toString(36);
  const { accountId, userId } = await createAccount({
    name: `Shutdown ${n}`,
    email: `shutdown-${n}@fleet.test`,
    password: "pw-123456789",
    plan: "agency",
  });
  key = (await createApiKey({ accountId, name: "shutdown", createdBy: userId })).key;
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  killAll();
  await receiver?.close();
});

const ENV = {
  SKIP_MIGRATIONS: "1",
  REDIS_URL: "",
  UPSTASH_REDIS_REST_URL: "",
  UPSTASH_REDIS_REST_TOKEN: "",
  NEXT_TELEMETRY_DISABLED: "1",
  LOG_LEVEL: "info",
};

/** A raw HTTP/1.1 connection: what it received, and when it closed. */
function rawConnection(port: number) {
  const socket: Socket = createConnection(port, "127.0.0.1");
  const state = { received: "", closedAt: undefined as number | undefined };
  socket.on("data", (chunk) => (state.received += chunk));
  socket.on("close", () => (state.closedAt = Date.now()));
  socket.on("error", () => {});
  return { socket, state };
}

/** The head and body of the first response on a raw connection, once all of it has arrived. */
async function firstResponse(state: { received: string }, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const end = state.received.indexOf("\r\n\r\n");
    if (end >= 0) {
      const head = state.received.slice(0, end).toLowerCase();
      const rest = state.received.slice(end + 4);
      const status = Number(head.split(" ")[1]);
      if (head.includes("transfer-encoding: chunked")) {
        if (rest.endsWith("0\r\n\r\n")) return { status, head, body: unchunk(rest) };
      } else {
        const length = Number(/content-length: (\d+)/.exec(head)?.[1] ?? 0);
        if (Buffer.byteLength(rest) >= length) return { status, head, body: rest.slice(0, length) };
      }
    }
    if (Date.now() > deadline) throw new Error(`no whole response after ${timeoutMs} ms: ${state.received}`);
    await sleep(20);
  }
}

function unchunk(chunked: string): string {
  let body = "";
  for (let at = 0; ;) {
    const lineEnd = chunked.indexOf("\r\n", at);
    const size = parseInt(chunked.slice(at, lineEnd), 16);
    if (!size) return body;
    body += chunked.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A POST /api/v1/leads whose body is sent in two halves: in flight until the second is. */
function slowCreate(port: number) {
  const body = JSON.stringify({ name: "Slow upload", source: "website" });
  const connection = rawConnection(port);
  connection.socket.write(
    `POST /api/v1/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, 10),
  );
  return { ...connection, finish: () => connection.socket.write(body.slice(10)) };
}

describe("a web process stopped with SIGTERM", () => {
  it("drains: readiness 503, the port closes after the drain window, the request in flight finishes, exit 0", async () => {
    const DRAIN_MS = 1_500;
    const port = await freePort();
    const proc: Proc = await startWeb("web", port, {
      ...ENV,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: "10000",
    });
    const base = `http://127.0.0.1:${port}`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const subscribed = await post("/api/v1/webhook-endpoints", {
      url: receiver.url("/drain"),
      events: ["lead.created"],
    });
    expect(subscribed.status).toBe(201);

    const idle = rawConnection(port);
    idle.socket.write("GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect((await firstResponse(idle.state)).status).toBe(200); // now idle, kept alive

    const slow = slowCreate(port);
    await sleep(300);
    const signalled = Date.now();
    proc.child.kill("SIGTERM");

    // Not ready at once, while still serving: the load balancer's checks see it and stop sending.
    await expect.poll(() => httpStatus(`${base}/api/health/ready`), { timeout: 1_000, interval: 50 }).toBe(503);
    expect(await httpStatus(`${base}/api/health/live`)).toBe(200);
    // Requests are still served, and their jobs queued, but this process's workers take none.
    expect((await post("/api/v1/leads", { name: "During the drain" })).status).toBe(201);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);

    // After the drain window: no new connections, and the idle one is closed.
    await expect.poll(() => connects(port), { timeout: DRAIN_MS + 3_000, interval: 50 }).toBe(false);
    const refusedAfter = Date.now() - signalled;
    expect(refusedAfter).toBeGreaterThanOrEqual(DRAIN_MS);
    await expect.poll(() => idle.state.closedAt, { timeout: 2_000, interval: 20 }).toBeDefined();
    expect(idle.state.closedAt! - signalled).toBeGreaterThanOrEqual(DRAIN_MS);

    // The request in flight since before the signal still completes, and says the connection ends.
    expect(slow.state.received).toBe("");
    slow.finish();
    const answer = await firstResponse(slow.state);
    expect(answer.status).toBe(201);
    expect(answer.head).toContain("connection: close");
    const id = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
    expect(await (await getDb()).select({ id: leads.id }).from(leads).where(eq(leads.id, id))).toHaveLength(1);

    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(receiver.received).toEqual([]); // both leads' deliveries wait for a worker that runs
    const lines = proc
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; [field: string]: unknown });
    expect(lines.find((line) => line.msg === "web server stopping")).toMatchObject({
      signal: "SIGTERM",
      drainMs: DRAIN_MS,
    });
    expect(lines.find((line) => line.msg === "requests finished")).toMatchObject({ inFlightAtClose: 1 });
    expect(lines.some((line) => line.msg === "web server stopped")).toBe(true);
  });

  it("cuts a request still running at SHUTDOWN_TIMEOUT_MS and still exits 0 in time", async () => {
    const port = await freePort();
    const proc = await startWeb("web", port, { ...ENV, SHUTDOWN_DRAIN_MS: "300", SHUTDOWN_TIMEOUT_MS: "2000" });
    const stuck = slowCreate(port); // its body never completes
    await sleep(300);
    const signalled = Date.now();
    proc.child.kill("SIGTERM");
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    const stoppedAfter = Date.now() - signalled;
    expect(stoppedAfter).toBeGreaterThanOrEqual(2_000);
    expect(stoppedAfter).toBeLessThan(2_000 + 3_000); // the pools close quickly
    expect(stuck.state.closedAt).toBeDefined();
    expect(stuck.state.received).toBe("");
    expect(proc.output()).toMatch(/"msg":"requests still running at the shutdown deadline[^"]*","requests":1/);
  });
});
