// `npm start`: the production web process. Next's documented custom server (next({ dev: false }),
// app.prepare(), app.getRequestHandler()) on a node:http server of our own, so that a stop is
// graceful (README.md, "Production"). Run by Node itself (it strips the types): no import from
// the app, whose modules Next loads in its own graph; the app's part of a stop is reached through
// globalThis (lib/runtime/shutdown.ts, installed by instrumentation.ts).
//
// Why not `next start`: its SIGTERM handler (next/dist/server/lib/start-server.js) closes the
// listener at once, so the load balancer, which has not yet seen readiness turn 503, still sends
// new connections, refused; it gives requests in flight no time limit; it knows nothing of our
// pools (pg-boss, the database) and exits 143. NEXT_MANUAL_SIG_HANDLE turns that handler off, but
// then nothing can close its http.Server: instrumentation never sees it.
//
// On SIGTERM: readiness answers 503 and this process takes no new jobs; requests are served for
// SHUTDOWN_DRAIN_MS more, the time the load balancer's health checks take to see it and send
// nothing new; then the listener closes (idle keep-alive connections are closed, the rest get
// `Connection: close`), requests in flight finish, jobs in flight finish, all by
// SHUTDOWN_TIMEOUT_MS after the signal; the pools close and the process exits 0. SIGINT (Ctrl+C
// at a terminal) skips the drain window.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import next from "next";

/** What lib/runtime/shutdown.ts puts on globalThis once instrumentation.ts has run. */
interface AppShutdown {
  /** Not ready, no new jobs; answers the deadline (SHUTDOWN_TIMEOUT_MS from now). */
  begin(): number;
  /** Jobs in flight until the deadline, then the pools close and the logs are written. */
  finish(): Promise<void>;
}
const appShutdown = () => (globalThis as { __lpmAppShutdown?: AppShutdown }).__lpmAppShutdown;

// Above any idle timeout a load balancer keeps toward its backends (HAProxy's idle connections
// are purged every 5 s, an AWS ALB's after 60 s): the balancer, not this server, closes an idle
// keep-alive connection, so it never sends a request on a socket this side is closing. Node's
// default (5 s) races HAProxy's reuse of the connection. headersTimeout stays above it.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const HEADERS_TIMEOUT_MS = 66_000;
// After the deadline, what the pools may take to close before the process is stopped anyway.
const CLOSE_GRACE_MS = 5_000;

function milliseconds(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

// One JSON line, as lib/log/logger.ts writes them, at its LOG_LEVEL (this file cannot import it).
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
const threshold = LEVELS[process.env.LOG_LEVEL as keyof typeof LEVELS] ?? LEVELS.info;
function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < threshold) return;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`;
  (level === "info" ? process.stdout : process.stderr).write(line);
}

const { values, positionals } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  allowPositionals: true,
});
const dir = path.resolve(positionals[0] ?? ".");
const port = Number(values.port ?? process.env.PORT ?? 3000);
// Like `next start`: all interfaces unless -H. (Not HOSTNAME from the environment: Docker sets
// it to the container's id.)
const hostname = values.hostname;
const drainMs = milliseconds("SHUTDOWN_DRAIN_MS", 5_000);

// What `next start` sets before it loads the app (next/dist/bin/next).
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production"; // typed read-only by Next
process.env.NEXT_RUNTIME = "nodejs";
process.title = "leadprop-web";

let stopping: NodeJS.Signals | undefined;
const inFlight = new Set<ServerResponse>();
let lastRequestDone: (() => void) | undefined;

const app = next({ dev: false, dir, hostname: hostname ?? "localhost", port });
const handle = app.getRequestHandler();

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  inFlight.add(res);
  // Once the listener is closed, no response invites another request on its connection.
  if (stopping && !server.listening) res.setHeader("connection", "close");
  res.once("close", () => {
    inFlight.delete(res);
    if (!stopping || server.listening) return; // the drain window serves as usual
    // A response that had sent its headers before the listener closed said keep-alive: its
    // connection is idle now, and closed here rather than left for a request that would find it
    // closing.
    setImmediate(() => server.closeIdleConnections());
    if (!inFlight.size) lastRequestDone?.();
  });
  handle(req, res).catch((error: unknown) => {
    log("error", "request failed outside the app", { url: req.url, error: String(error) });
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  });
});
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.headersTimeout = HEADERS_TIMEOUT_MS;

async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    log("warn", "already stopping", { signal, pid: process.pid });
    return;
  }
  stopping = signal;
  const started = Date.now();
  const deadline = appShutdown()?.begin() ?? started + milliseconds("SHUTDOWN_TIMEOUT_MS", 25_000);
  // Whatever hangs (a pool that does not close), the process still ends.
  setTimeout(
    () => {
      log("error", "stopped before the pools closed", { pid: process.pid });
      process.exit(1);
    },
    deadline - started + CLOSE_GRACE_MS,
  ).unref();
  log("info", "web server stopping", { pid: process.pid, signal, drainMs: signal === "SIGTERM" ? drainMs : 0 });
  if (server.listening) {
    if (signal === "SIGTERM") await sleep(Math.min(drainMs, deadline - Date.now()));
    const requestsDone = new Promise<void>((resolve) => {
      lastRequestDone = resolve;
      if (!inFlight.size) resolve();
    });
    for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
    // No new connections; idle keep-alive connections are closed now (Node ≥ 19).
    server.close();
    const left = inFlight.size;
    const finished = await Promise.race([
      requestsDone.then(() => true),
      sleep(deadline - Date.now()).then(() => false),
    ]);
    if (finished) log("info", "requests finished", { inFlightAtClose: left, ms: Date.now() - started });
    else {
      log("warn", "requests still running at the shutdown deadline: their connections are closed", {
        requests: inFlight.size,
      });
      server.closeAllConnections();
    }
  }
  await appShutdown()
    ?.finish()
    .catch((error: unknown) => log("error", "shutdown failed", { error: String(error) }));
  log("info", "web server stopped", { pid: process.pid, ms: Date.now() - started });
  await new Promise<void>((resolve) => process.stdout.write("", () => resolve()));
  process.exit(0);
}

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));

const started = Date.now();
// Runs instrumentation.ts's register(): database, migrations, jobs. Requests are taken once
// this is done: until then the port is closed, which a load balancer reads as down.
await app.prepare();
if (!stopping) {
  server.on("error", (error) => {
    log("error", "web server failed", { error: String(error) });
    process.exit(1);
  });
  server.listen(port, hostname, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    // As `next start` does: the port for the app's own use, the origin for forwarded server actions.
    process.env.PORT = String(actualPort);
    process.env.__NEXT_PRIVATE_ORIGIN = `http://${hostname ?? "localhost"}:${actualPort}`;
    log("info", "web server ready", {
      pid: process.pid,
      port: actualPort,
      hostname: hostname ?? "*",
      ms: Date.now() - started,
    });
  });
}
