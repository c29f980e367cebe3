import { routeMethods } from "@/lib/api/route-fallbacks";
import { metricsAnswer } from "@/lib/observability/observability-answers";
import { metricsCallerOf, toResponse } from "@/lib/observability/web-answer";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/metrics – Prometheus metrics: with METRICS_TOKEN as a bearer token, or from loopback
  // when it is unset (lib/observability/metrics-access.ts)
  GET: async function GET(req: Request): Promise<Response> {
    return toResponse(await metricsAnswer(metricsCallerOf(req)));
  },
});
