import { errorBody } from "@/lib/errors/error-body";
import { newRequestId } from "@/lib/ids/new-request-id";
import { metricsRefusal, type MetricsCaller } from "./metrics-access";
import { metricsRegistry } from "./metrics-registry";
import { checkReadiness } from "./readiness";
import "./registered-metrics";

// The answers of the three operational endpoints, made once for both doors: the Next routes
// (app/api/health/*, app/api/metrics) and the worker's own listener (worker-http-listener.ts).
// None of them is the public API: no key, no rate limit, no request log, not in the OpenAPI
// document. All are cheap enough to call every second, and never cached.

export interface OperationalAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = "application/json; charset=utf-8";

function answer(status: number, contentType: string, body: string, headers?: Record<string, string>) {
  // As every answer under /api, a request id; not stored anywhere, it names this answer in a report.
  return {
    status,
    headers: { "Content-Type": contentType, "Cache-Control": "no-store", "X-Request-Id": newRequestId(), ...headers },
    body,
  };
}

/** GET /api/health/live: the process runs and answers; also while starting and draining. */
export function liveAnswer(): OperationalAnswer {
  return answer(200, JSON_TYPE, '{"status":"ok"}');
}

/** GET /api/health/ready: 200 when it may take traffic, else 503 naming what is not ready. */
export async function readyAnswer(): Promise<OperationalAnswer> {
  const readiness = await checkReadiness();
  return answer(readiness.status === "ok" ? 200 : 503, JSON_TYPE, JSON.stringify(readiness));
}

/** GET /api/metrics: Prometheus text, or the one error envelope of the API when refused. */
export async function metricsAnswer(caller: MetricsCaller): Promise<OperationalAnswer> {
  const refusal = metricsRefusal(caller);
  if (refusal) {
    const requestId = newRequestId();
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    if (refusal.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="metrics"';
    return answer(refusal.status, JSON_TYPE, JSON.stringify(errorBody(refusal, requestId)), headers);
  }
  // Every collect() catches its own failures: a scrape answers while the database is down.
  return answer(200, metricsRegistry.contentType, await metricsRegistry.metrics());
}
