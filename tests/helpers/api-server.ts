// A real server process for fault tests: node:http in front of the real /api/v1 route handlers
// (no Next, which adds nothing to what these tests break: the database, Redis, the process).
// Prints "listening <port>" once ready. Environment as for the app (DATABASE_URL, REDIS_URL…).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { installOutsideContractGuard } from "@/lib/api/outside-contract-guard";
import { dispatch, loadRouteModules } from "./route-table";

// As the Next server does (instrumentation.ts).
installOutsideContractGuard();

// As under `next start`, which installs its own handlers (next/dist/server/node-environment-
// extensions/process-error-handlers.js): an unhandled rejection is logged and the server goes on.
// Plain Node would exit, and a fault test would then see a crash the app cannot have. Once in
// ~16 CI runs, PostgreSQL stopping left such a rejection (write ECONNRESET): postgres-js dropped
// the promise of a new connection's array-type query, now caught by scripts/patches (tests/
// integration/postgres-driver-patches). The line below names any other that turns up.
process.on("unhandledRejection", (reason, promise) => {
  const error = reason instanceof Error ? `${reason.name}: ${reason.message}\n${reason.stack}` : String(reason);
  // A postgres-js query is a Promise subclass that keeps its SQL: name it, to find who dropped it.
  const query = (promise as { strings?: readonly string[] }).strings?.join("$").replace(/\s+/g, " ").slice(0, 160);
  process.stderr.write(
    `unhandledRejection (logged, as next start does) of a ${promise.constructor.name}${query ? ` [${query}]` : ""}: ${error}\n`,
  );
});

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined;
  try {
    const response = await dispatch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    // The route wrapper maps every error; reaching here is a bug the tests must see.
    res.writeHead(599).end(String(error));
  }
});

// The route modules are loaded before "listening", as a server's are before its first request.
void loadRouteModules().then(() =>
  server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
  }),
);
