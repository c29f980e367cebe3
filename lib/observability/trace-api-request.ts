import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from "@opentelemetry/semantic-conventions";
import { activeTracing } from "./tracing";

// The span of one /api/v1 request: a server span of the API's own, active while the route handler
// runs, and the root of its trace: Next makes no span (tracing.ts registers no global tracer
// provider), and no incoming `traceparent` is a parent (nor a global propagator). With tracing
// off, nothing is done.

/** "POST /leads" (a route's declared name) → "/api/v1/leads", the http.route of its spans. */
const httpRoute = (route: string) => `/api/v1${route.slice(route.indexOf(" ") + 1)}`;

/** Runs one request in a server span of its own. */
export function traceApiRequest(method: string, route: string, run: () => Promise<Response>): Promise<Response> {
  const tracing = activeTracing();
  if (!tracing) return run();
  const template = httpRoute(route);
  const options = {
    kind: SpanKind.SERVER,
    attributes: { [ATTR_HTTP_ROUTE]: template, [ATTR_HTTP_REQUEST_METHOD]: method },
  };
  return tracing.tracer.startActiveSpan(`${method} ${template}`, options, async (span) => {
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
  status: number;
  errorCode: string | undefined;
}

/** What the request's span says about its outcome (its route and method it says from its start):
 * status, the key's and account's ids (never the key), the request id and the error code. Call
 * while the request's span is active. */
export function annotateApiRequestSpan(facts: ApiRequestSpanFacts): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return;
  span.setAttributes({
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
