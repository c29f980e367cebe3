import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";
import { errorBody } from "@/lib/errors/error-body";
import { newRequestId } from "@/lib/ids/new-request-id";
import { reportApiRequest } from "./report-api-request";
import { withRouteAllow, type LocalEnd } from "./route-allow";

// Answers for what Node's HTTP server refuses before any request handler (Next's included) runs,
// in the error envelope with X-Request-Id instead of Node's bare text (issue 31, finding 21):
// - the parser's "clientError": a method it does not know (`FOO`: 405 with the route's Allow, or
//   404 on a path no route has, as the guard answers PROPFIND), a request line and headers over
//   Node's 16 KB (431), any other request that is not HTTP/1.1 (400);
// - CONNECT: with no "connect" listener Node resets the connection; this answers 405.
// Written to the socket as raw HTTP (there is no request object), then the connection closes:
// after a parse error nothing more on it can be read. A socket that is no longer writable, or
// whose response has begun, is left to Node (it is destroyed).

type ClientError = Error & { code?: string; rawPacket?: Buffer };

const CLOSE_AFTER_MS = 5_000;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,20}$/;

/** The request line's method and path, as far as the bytes received show them. */
function requestLine(rawPacket: Buffer | undefined): { method: string; path: string } {
  const line = (rawPacket?.subarray(0, 2048).toString("latin1") ?? "").split("\r\n", 1)[0];
  const [method = "", target = ""] = line.split(" ");
  return { method: TOKEN.test(method) ? method : "", path: target.split("?", 1)[0].slice(0, 200) };
}

function refusalFor(error: ClientError, method: string): ApiError | null {
  if (error.code === "HPE_INVALID_METHOD") {
    return new ApiError(
      "method_not_allowed",
      `${method || "This method"} is not a method this API serves. Send OPTIONS to a path for the methods it takes.`,
    );
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return new ApiError(
      "headers_too_large",
      "The request line and headers are over 16 KB. Send long filters in fewer or shorter query parameters.",
    );
  }
  if (error.code?.startsWith("HPE_")) {
    return new ApiError("malformed_request", "The request is not valid HTTP/1.1.");
  }
  return null; // a reset, a timeout: Node's own handling
}

async function writeRefusal(socket: Duplex, refused: ApiError, method: string, path: string): Promise<void> {
  const started = performance.now();
  // Whatever else arrives (the rest of a 20 KB URL) is read and dropped, not parsed again: a second
  // parse error would make Node destroy the socket, and a reset can cost the client this answer.
  socket.removeAllListeners("data");
  // A client that sent its request and closed its side still gets the answer, written once the
  // route has been asked (Node's own "end" handler would close the socket first).
  socket.removeAllListeners("end");
  socket.resume();
  const { refusal, allow } = await withRouteAllow(socket as Duplex & LocalEnd, refused, path, undefined);
  const requestId = newRequestId();
  const body = JSON.stringify(errorBody(refusal, requestId));
  const headers = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    `X-Request-Id: ${requestId}`,
    "X-Content-Type-Options: nosniff",
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
    ...(allow ? [`Allow: ${allow}`] : []),
    "Connection: close",
  ];
  socket.end(`${headers.join("\r\n")}\r\n\r\n${method === "HEAD" ? "" : body}`);
  // A client that never closes its side: the connection ends anyway.
  setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
  reportApiRequest({
    requestId,
    apiKey: undefined,
    method,
    route: "outside the contract",
    path,
    status: refusal.status,
    durationMs: Math.round(performance.now() - started),
    errorCode: refusal.code,
    arrivedAt: new Date(),
  });
}

/** The server's "clientError": true when answered here, false to leave it to Node. */
export function answerClientError(error: ClientError, socket: Duplex): boolean {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) return false;
  const { method, path } = requestLine(error.rawPacket);
  const refusal = refusalFor(error, method);
  if (!refusal) return false;
  void writeRefusal(socket, refusal, method, path);
  return true;
}

/** The server's "connect" (a CONNECT request): not a proxy, so 405. */
export function answerConnect(req: IncomingMessage, socket: Duplex): void {
  socket.on("error", () => socket.destroy());
  void writeRefusal(
    socket,
    new ApiError(
      "method_not_allowed",
      "CONNECT is not a method this API serves. Send OPTIONS to a path for the methods it takes.",
    ),
    "CONNECT",
    (req.url ?? "").slice(0, 200),
  );
}
