import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from "@opentelemetry/semantic-conventions";
import { activeTracing } from "./tracing";

// The span of one /api/v1 request. Under Next it is Next's own ("executing api route (app) …",
// a child of its BaseServer.handleRequest span), active while the route handler runs; anywhere
// else (a plain node:http server) the wrapper opens one. With tracing off, neither does anything.

/** "POST /leads" (a route's declared name) → "/api/v1/leads", the http.route of its spans. */
const httpRoute = (route: string) => `/api/v1${route.slice(route.indexOf(" ") + 1)}`;

/** Runs one request in the active span (Next's), or in a server span of its own when none is. */
export function traceApiRequest(method: string, route: string, run: () => Promise<Response>): Promise<Response> {
  const tracing = activeTracing();
  if (!tracing || trace.getActiveSpan()) return run();
  const name = `${method} ${httpRoute(route)}`;
  return tracing.tracer.startActiveSpan(name, { kind: SpanKind.SERVER }, async (span) => {
    try {
      return await run();
    } finally {
      span.end();
    }
  });
}

export interface ApiRequestSpanFacts {
  requestId: string;
  apiKey: { id: string; accountId: string } | undefined;
  method: string;
  route: string;
  status: number;
  errorCode: string | undefined;
}

/** What the request's span says about it: route, method, status, the key's and account's ids
 * (never the key), the request id and the error code. Call while the request's span is active. */
export function annotateApiRequestSpan(facts: ApiRequestSpanFacts): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  span.setAttributes({
    [ATTR_HTTP_ROUTE]: httpRoute(facts.route),
    [ATTR_HTTP_REQUEST_METHOD]: facts.method,
    [ATTR_HTTP_RESPONSE_STATUS_CODE]: facts.status,
    "leadprop.request_id": facts.requestId,
    "leadprop.api_key.id": facts.apiKey?.id,
    "leadprop.account.id": facts.apiKey?.accountId,
    "leadprop.error.code": facts.errorCode,
  });
  // A server span is in error for a 5xx only: a 4xx is the client's (semantic conventions).
  if (facts.status >= 500) {
    span.setAttribute(ATTR_ERROR_TYPE, facts.errorCode ?? String(facts.status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
}
