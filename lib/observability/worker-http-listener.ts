import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { errorBody } from "@/lib/errors/error-body";
import { newRequestId } from "@/lib/ids/new-request-id";
import { ApiError } from "@/lib/errors/api-error";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import { markReady } from "@/lib/runtime/lifecycle";
import { liveAnswer, metricsAnswer, readyAnswer, type OperationalAnswer } from "./observability-answers";
import { peerOf } from "./peer-address-stamp";

// `npm run worker` has no HTTP server, so its health and its metrics (webhook deliveries are
// counted where the job runs) had no door. With WORKER_HTTP_PORT set it gets a small node:http
// listener on that port, all interfaces, serving the web process's three paths with the same
// answers and the same token rule (here the peer address is the socket's own). Off by default.

const ROUTES: Record<string, (req: IncomingMessage) => OperationalAnswer | Promise<OperationalAnswer>> = {
  "/api/health/live": liveAnswer,
  "/api/health/ready": readyAnswer,
  "/api/metrics": (req) => {
    const peer = peerOf(req);
    const host = req.headers.host ?? null;
    return metricsAnswer({ authorization: req.headers.authorization ?? null, peer, host, forwarded: peer.forwarded });
  },
};

let server: Server | undefined;

function refusal(error: ApiError, headers?: Record<string, string>): OperationalAnswer {
  const requestId = newRequestId();
  return {
    status: error.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "X-Request-Id": requestId, ...headers },
    body: JSON.stringify(errorBody(error, requestId)),
  };
}

async function answerFor(req: IncomingMessage): Promise<OperationalAnswer> {
  const route = ROUTES[(req.url ?? "").split("?", 1)[0]];
  if (!route) return refusal(new ApiError("not_found", `This port serves ${Object.keys(ROUTES).join(", ")}.`));
  if (req.method !== "GET" && req.method !== "HEAD") {
    return refusal(new ApiError("method_not_allowed", "This endpoint supports GET."), { Allow: "GET, HEAD" });
  }
  return route(req);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume(); // no body is read: drain it so the connection can be reused
  try {
    const { status, headers, body } = await answerFor(req);
    res.writeHead(status, headers).end(req.method === "HEAD" ? undefined : body);
  } catch (error) {
    logger.error("worker http answer failed", { error: describeError(error) });
    const { status, headers, body } = refusal(new ApiError("internal_error", "Internal error."));
    if (!res.headersSent) res.writeHead(status, headers).end(body);
  }
}

/** The port WORKER_HTTP_PORT asks for (0: any free one), or null when unset or not a port. */
function configuredPort(raw = process.env.WORKER_HTTP_PORT): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const port = Number(raw);
  if (Number.isInteger(port) && port >= 0 && port <= 65_535) return port;
  logger.error("ignoring WORKER_HTTP_PORT: not a port number", { value: raw });
  return null;
}

/** Starts the listener when WORKER_HTTP_PORT is set; answers its port, or null when none runs. A
 * port that cannot be listened on is logged, not fatal: the worker's jobs matter more. */
export async function startWorkerHttpListener(): Promise<number | null> {
  const port = configuredPort();
  if (port === null || server) return server ? (server.address() as AddressInfo).port : null;
  const starting = createServer((req, res) => void handle(req, res));
  try {
    await new Promise<void>((resolve, reject) => {
      starting.once("error", reject);
      starting.listen(port, () => resolve());
    });
  } catch (error) {
    logger.error("worker http listener not started", { port, error: describeError(error) });
    return null;
  }
  // Never what keeps the process alive: the workers are.
  starting.unref();
  server = starting;
  const { port: listening } = starting.address() as AddressInfo;
  logger.info("worker http listening", { port: listening, paths: Object.keys(ROUTES).join(",") });
  return listening;
}

/** Called by `npm run worker` once its workers have started (lib/jobs/run-worker-process.ts): the
 * process is ready from then, and with WORKER_HTTP_PORT its health and metrics are served. */
export async function serveWorkerHealth(): Promise<void> {
  markReady();
  await startWorkerHttpListener();
}

/** Closes the listener (at the very end of a stop, so readiness says "draining" until then). */
export async function closeWorkerHttpListener(): Promise<void> {
  const closing = server;
  server = undefined;
  if (!closing) return;
  await new Promise<void>((resolve) => {
    closing.close(() => resolve());
    closing.closeAllConnections();
  });
}
