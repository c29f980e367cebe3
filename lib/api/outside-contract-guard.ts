import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { ApiError } from "@/lib/errors/api-error";
import { errorBody } from "@/lib/errors/error-body";
import { newRequestId } from "@/lib/ids/new-request-id";
import { reportApiRequest } from "./report-api-request";
import { withRouteAllow } from "./route-allow";
import { SERVED_METHODS } from "./served-methods";
import { answerClientError, answerConnect } from "./unparsed-request-answer";

// Requests under /api that Next cannot route as the contract promises, answered in the error
// envelope before Next sees them:
// - a method outside HTTP's usual set: Next builds a web Request of every request, and undici
//   refuses TRACE, TRACK and CONNECT (a text/plain 500), while WebDAV's PROPFIND and the like got
//   an empty 400 from the route module. A 405 whose Allow names the path's route's own methods
//   (asked of the route: route-allow.ts), or a 404 on a path no route has;
// - a trailing slash or an empty segment: Next answers a bare 308 to the path without it, which
//   clients follow, so `/leads/` (a lead whose id was left empty) showed the list.
// - a path whose percent-encoding does not decode (`%ff`, `%ED%A0%80`: not UTF-8; `%zz`: not an
//   escape): Next's decoding throws and answers a text/plain 500 with no request id and no log
//   line, which clients are told to retry. No route or id can hold such a path: 404.
// - a path that only becomes an API path once normalized: a leading `//` (Next 308s it to the
//   path without), a `.` or `..` segment (resolved like a URL's, so `/api/v1/leads/.` landed on
//   the list), or another case (`/API/V1/leads`: the session proxy 307ed it to /login). 404.
// It also answers what Node's parser refuses before any handler, and CONNECT
// (unparsed-request-answer.ts). Installed once per server process (instrumentation.ts); a route
// handler never sees these.

const SERVED = new Set(SERVED_METHODS);

/** The path as URL resolution and Next's redirects would have it: backslashes and runs of slashes
 * as one slash, `.` and `..` segments (`%2e` too) resolved. */
function normalizedPath(path: string): string {
  try {
    return new URL(path.replace(/[\\/]+/g, "/"), "http://h").pathname;
  } catch {
    return path;
  }
}

/** Whether Next would route this path to /api in some way: only paths that hold "api" in some
 * case need the URL parse. */
function underApi(path: string): boolean {
  if (path === "/api" || path.startsWith("/api/")) return true;
  if (!/api/i.test(path)) return false;
  const normalized = normalizedPath(path).toLowerCase();
  return normalized === "/api" || normalized.startsWith("/api/");
}

const DOT_SEGMENT = /[\\/](?:\.|%2e){1,2}(?=[\\/]|$)/i;

/** The refusal for a request outside the contract, or null for one Next may route. */
export function refusalOutsideContract(method: string, rawUrl: string): ApiError | null {
  const path = rawUrl.split("?", 1)[0];
  if (!underApi(path)) return null;
  if (!SERVED.has(method)) {
    return new ApiError(
      "method_not_allowed",
      `${method.slice(0, 20)} is not a method this API serves. Send OPTIONS to a path for the methods it takes.`,
    );
  }
  if (path.includes("%") && !decodes(path)) {
    return new ApiError(
      "not_found",
      "No such endpoint or resource: the path's percent-encoding is not valid UTF-8. See /api/v1/openapi.json for the list.",
    );
  }
  if (path.endsWith("/") || path.includes("//") || path.includes("\\") || DOT_SEGMENT.test(path)) {
    return new ApiError(
      "not_found",
      "No such endpoint: API paths have no trailing slash, no empty segment and no `.` or `..` segment. See /api/v1/openapi.json for the list.",
    );
  }
  if (!path.startsWith("/api")) {
    return new ApiError(
      "not_found",
      "No such endpoint: API paths are lowercase (`/api/v1/leads`). See /api/v1/openapi.json for the list.",
    );
  }
  return null;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

async function refuse(req: IncomingMessage, res: ServerResponse, refused: ApiError): Promise<void> {
  const started = performance.now();
  // The body is not read: drain it so the connection can be reused.
  req.resume();
  const path = (req.url ?? "").split("?", 1)[0];
  const { refusal, allow } = await withRouteAllow(req.socket, refused, path, req.headers.host);
  const requestId = newRequestId();
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  };
  if (allow) headers.Allow = allow;
  res
    .writeHead(refusal.status, headers)
    .end(req.method === "HEAD" ? undefined : JSON.stringify(errorBody(refusal, requestId)));
  reportApiRequest({
    requestId,
    apiKey: undefined,
    method: (req.method ?? "").slice(0, 20),
    route: "outside the contract",
    path: path.slice(0, 200),
    status: refusal.status,
    durationMs: Math.round(performance.now() - started),
    errorCode: refusal.code,
    arrivedAt: new Date(),
  });
}

let installed = false;

/** Wraps the HTTP servers' "request" event: Next registers its handler as a listener, so this
 * runs first for every request of this process, and costs one Set lookup for the rest. And their
 * "clientError" (answered here unless it is a reset or a timeout), and gives each server a
 * "connect" listener on its first connection: without one, Node resets a CONNECT. */
export function installOutsideContractGuard(): void {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "connection" && this.listenerCount("connect") === 0) this.on("connect", answerConnect);
    if (event === "clientError" && answerClientError(...(args as Parameters<typeof answerClientError>))) return true;
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const refusal = refusalOutsideContract(req.method ?? "", req.url ?? "");
      if (refusal) {
        void refuse(req, res, refusal);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}
