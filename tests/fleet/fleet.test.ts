import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/keys/create-api-key";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { freePort, killAll, startWeb, startWorker, stopGracefully, type Proc } from "./fleet-processes";
import { haproxyServers, parseHaproxyLog, startHaproxy, waitForServerStatus } from "./haproxy";

// The fleet as production runs it (README.md, "Production"): HAProxy with the shipped config in
// front of 2 web processes (`npm start`, RUN_WORKERS=0) and 2 `npm run worker` processes, on one
// PostgreSQL database and one Redis. Under a steady paced load of reads and subscribed writes,
// every process is restarted in turn (SIGTERM, exit 0, start, ready). Then: no request failed at
// the client, every lead created has its lead.created delivery, and the rate limit counts across
// both web processes (100 admitted per key per window, no more).

const LOAD_INTERVAL_MS = 40; // 25 requests a second
const LOAD_KEYS = 30; // under 1 request a second per key: the rate limit (100 a minute) never bites
const DRAIN_MS = 2_000;

const socket = path.join(tmpdir(), `lpm-fleet-${process.pid}.sock`);
const env: Record<string, string> = {};
const webPorts: Record<string, number> = {};
const web: Record<string, Proc> = {};
const workers: Record<string, Proc> = {};
let haproxy: Proc;
let lb: string;
let receiver: WebhookReceiver;
let loadKeys: string[] = [];
let hammerKey: string;

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // A receiver that takes its time: deliveries are in flight whenever a worker is stopped.
  receiver.respond({ status: 200, delayMs: 300 });
  const lbPort = await freePort();
  lb = `http://127.0.0.1:${lbPort}`;
  webPorts.web1 = await freePort();
  webPorts.web2 = await freePort();
  Object.assign(env, {
    DATABASE_URL: process.env.DATABASE_URL!,
    SKIP_MIGRATIONS: "1", // the global setup migrated: the release step, before any process starts
    REDIS_URL: "redis://127.0.0.1:6379",
    UPSTASH_REDIS_REST_URL: "",
    UPSTASH_REDIS_REST_TOKEN: "",
    RATE_LIMIT_PER_MINUTE: "",
    RATE_LIMIT_WINDOW_MS: "",
    // The same on every instance: sealed cursors and webhook secrets open on any of them.
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    NEXTAUTH_URL: lb,
    WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
    JOBS_POLLING_INTERVAL_SECONDS: "0.5",
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_TIMEOUT_MS: "15000",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
  });
  haproxy = await startHaproxy({
    LP_BIND: `127.0.0.1:${lbPort}`,
    LP_WEB1: `127.0.0.1:${webPorts.web1}`,
    LP_WEB2: `127.0.0.1:${webPorts.web2}`,
    LP_STATS_SOCKET: socket,
    // Fast checks: DOWN within ~0.3 s of readiness turning 503, well inside the 2 s drain window.
    LP_CHECK_INTER: "200ms",
    LP_CHECK_FASTINTER: "100ms",
  });
  // One at a time: two cold Next servers at once on two cores only slow each other down.
  for (const name of ["web1", "web2"]) web[name] = await startWeb(name, webPorts[name], { ...env, RUN_WORKERS: "0" });
  for (const name of ["worker1", "worker2"]) workers[name] = await startWorker(name, env);
  await Promise.all(["web1", "web2"].map((name) => waitForServerStatus(socket, name, "UP")));

  const n = Date.now().toString(36);
  const { accountId, userId } = await createAccount({
    name: `Fleet ${n}`,
    email: `fleet-${n}@fleet.test`,
    password: "pw-123456789",
    plan: "agency",
  });
  const key = (name: string) => createApiKey({ accountId, name, createdBy: userId }).then((created) => created.key);
  loadKeys = await Promise.all(Array.from({ length: LOAD_KEYS }, (_, i) => key(`load ${i}`)));
  hammerKey = await key("hammer");
  const endpoint = await fetch(`${lb}/api/v1/webhook-endpoints`, {
    method: "POST",
    headers: { ...auth(loadKeys[0]), "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({ url: receiver.url("/fleet"), events: ["lead.created"] }),
  });
  expect(endpoint.status).toBe(201);
}, 240_000);

afterAll(async () => {
  killAll();
  await receiver?.close();
  rmSync(socket, { force: true });
});

interface LoadResult {
  sent: number;
  ok: number;
  failures: string[];
  created: string[];
  byKind: Record<string, number>;
}

/** Paced requests through HAProxy until `stop` resolves: a write, then two reads, over and over.
 * Each write carries an Idempotency-Key, as a careful client's does: that makes it safe for
 * HAProxy to send again (scripts/haproxy/leadprop.cfg, retry-on). */
async function runLoad(stop: Promise<void>): Promise<LoadResult> {
  const result: LoadResult = { sent: 0, ok: 0, failures: [], created: [], byKind: { write: 0, get: 0, list: 0 } };
  const pending = new Set<Promise<void>>();
  let stopped = false;
  void stop.then(() => (stopped = true));
  for (let i = 0; !stopped; i++) {
    const key = loadKeys[i % loadKeys.length];
    const kind = i % 3 === 0 || !result.created.length ? "write" : i % 3 === 1 ? "get" : "list";
    const request = async () => {
      let url = `${lb}/api/v1/leads?limit=5`;
      let init: RequestInit = { headers: auth(key) };
      if (kind === "write") {
        url = `${lb}/api/v1/leads`;
        init = {
          method: "POST",
          headers: { ...auth(key), "content-type": "application/json", "idempotency-key": randomUUID() },
          body: JSON.stringify({ name: `Fleet lead ${i}`, source: "website" }),
        };
      } else if (kind === "get") {
        url = `${lb}/api/v1/leads/${result.created[i % result.created.length]}`;
      }
      result.sent++;
      result.byKind[kind]++;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
        const body = (await res.json()) as { data?: { id: string } };
        if (res.status === (kind === "write" ? 201 : 200)) {
          result.ok++;
          if (kind === "write") result.created.push(body.data!.id);
        } else result.failures.push(`${kind} ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      } catch (error) {
        result.failures.push(`${kind} ${(error as Error).message}`);
      }
    };
    const promise = request().finally(() => pending.delete(promise));
    pending.add(promise);
    await sleep(LOAD_INTERVAL_MS);
  }
  await Promise.all(pending);
  return result;
}

/** HAProxy's view of each server, every 50 ms, to show when it took a stopping server out. */
function watchServers() {
  const seen: Array<{ at: number; states: Record<string, string> }> = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const servers = await haproxyServers(socket).catch(() => []);
      seen.push({ at: Date.now(), states: Object.fromEntries(servers.map((s) => [s.server, s.status])) });
      await sleep(50);
    }
  })();
  return {
    /** The last time `server` was seen UP before `time`. */
    lastUpBefore: (server: string, time: number) =>
      seen.filter((s) => s.at <= time && s.states[server]?.startsWith("UP")).at(-1)?.at,
    firstDownAfter: (server: string, time: number) =>
      seen.find((s) => s.at >= time && s.states[server]?.startsWith("DOWN"))?.at,
    stop: async () => {
      on = false;
      await loop;
    },
  };
}

describe("a fleet behind HAProxy, every process restarted under load", () => {
  it("loses no request and no webhook, and rate-limits across instances exactly", async () => {
    const testStarted = Date.now();
    let endLoad!: () => void;
    const load = runLoad(new Promise<void>((resolve) => (endLoad = resolve)));
    const watch = watchServers();
    await sleep(2_000);

    const restarts: Array<{
      name: string;
      code: number | null;
      stopMs: number;
      startMs: number;
      downAfterMs?: number;
    }> = [];
    for (const name of ["web1", "web2"]) {
      const signalled = Date.now();
      const { code, ms } = await stopGracefully(web[name]);
      const down = watch.firstDownAfter(name, signalled);
      const started = Date.now();
      web[name] = await startWeb(name, webPorts[name], { ...env, RUN_WORKERS: "0" });
      await waitForServerStatus(socket, name, "UP");
      restarts.push({
        name,
        code,
        stopMs: ms,
        startMs: Date.now() - started,
        // When HAProxy saw it DOWN, after the signal: within the drain window, before its port closed.
        downAfterMs: down === undefined ? undefined : down - signalled,
      });
      await sleep(1_500);
    }
    for (const name of ["worker1", "worker2"]) {
      const { code, ms } = await stopGracefully(workers[name]);
      const started = Date.now();
      workers[name] = await startWorker(name, env);
      restarts.push({ name, code, stopMs: ms, startMs: Date.now() - started });
      await sleep(1_500);
    }
    await sleep(1_500);
    endLoad();
    const result = await load;
    await watch.stop();

    // The rate limit, counted in Redis across both web processes: 150 requests at once on a fresh
    // key through HAProxy (round robin over both), exactly 100 admitted.
    const hammered = await Promise.all(
      Array.from({ length: 150 }, () =>
        fetch(`${lb}/api/v1/leads?limit=1`, { headers: auth(hammerKey) }).then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      ),
    );
    const admitted = hammered.filter((status) => status === 200).length;
    const limited = hammered.filter((status) => status === 429).length;

    // Every lead created has its lead.created delivery (workers poll every 0.5 s).
    const deliveredLeads = () =>
      new Set(
        receiver.received
          .filter((r) => r.path === "/fleet")
          .map((r) => (JSON.parse(r.body) as { data: { object: { id: string } } }).data.object.id),
      );
    const deadline = Date.now() + 30_000;
    while (result.created.some((id) => !deliveredLeads().has(id)) && Date.now() < deadline) await sleep(200);
    await sleep(1_000); // a duplicate would have arrived by now
    const deliveries = receiver.received.filter((r) => r.path === "/fleet");
    const missing = result.created.filter((id) => !deliveredLeads().has(id));
    const webhookIds = deliveries.map((r) => String(r.headers["webhook-id"]));
    const duplicates = webhookIds.length - new Set(webhookIds).size;

    const log = parseHaproxyLog(haproxy.output());
    const hammerLines = log.filter((line) => line.request.startsWith("GET /api/v1/leads?limit=1 "));
    const summary = {
      seconds: Math.round((Date.now() - testStarted) / 100) / 10,
      requests: { sent: result.sent, ok: result.ok, failed: result.failures.length, ...result.byKind },
      haproxy: {
        retried: log.filter((line) => line.retries > 0).length,
        serverErrors: log.filter((line) => line.status >= 500).length,
        byServer: Object.fromEntries(["web1", "web2"].map((s) => [s, log.filter((line) => line.server === s).length])),
      },
      webhooks: {
        leadsCreated: result.created.length,
        delivered: deliveries.length,
        missing: missing.length,
        duplicates,
      },
      rateLimit: {
        sent: hammered.length,
        admitted,
        limited,
        byServer: Object.fromEntries(
          ["web1", "web2"].map((s) => [s, hammerLines.filter((line) => line.server === s).length]),
        ),
      },
      restarts,
    };
    console.log(`fleet: ${JSON.stringify(summary)}`);

    expect(result.failures).toEqual([]);
    expect(result.sent).toBeGreaterThan(300);
    expect(restarts.map((r) => [r.name, r.code])).toEqual([
      ["web1", 0],
      ["web2", 0],
      ["worker1", 0],
      ["worker2", 0],
    ]);
    // Each web process was out of HAProxy before its port closed (DRAIN_MS after the signal).
    for (const r of restarts.filter((r) => r.name.startsWith("web"))) expect(r.downAfterMs).toBeLessThan(DRAIN_MS);
    expect(missing).toEqual([]);
    expect(duplicates).toBe(0);
    expect({ admitted, limited }).toEqual({ admitted: 100, limited: 50 });
    expect(Object.values(summary.rateLimit.byServer).every((count) => count > 0)).toBe(true);
  });
});
