import { sharedCounter, sharedHistogram } from "./metrics-registry";

// Requests of the public API, by route template, method and status: recorded for every /api/v1
// answer by lib/api/report-api-request.ts. Labels come from closed sets only (a route template,
// never a path with ids; an unknown method is "other"), so a client cannot grow the series.

const LABELS = ["route", "method", "status"] as const;

const requests = sharedCounter({
  name: "leadprop_api_requests_total",
  help: "Public API requests answered, by route template, method and status.",
  labelNames: LABELS,
});

const duration = sharedHistogram({
  name: "leadprop_api_request_duration_seconds",
  help: "Time from a public API request's arrival to its answer, by route template, method and status.",
  labelNames: LABELS,
  // An API's range: a cached read in a few ms, a slow page or a burst near 1 s, a stuck
  // dependency at the 10 s where clients give up.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** "GET /leads/:id" (how routes declare themselves) → "/leads/:id"; the method is its own label. */
function routeTemplate(route: string): string {
  const space = route.indexOf(" ");
  return space > 0 && route[space + 1] === "/" ? route.slice(space + 1) : route;
}

export function recordApiRequestMetrics(method: string, route: string, status: number, durationMs: number): void {
  const labels = {
    route: routeTemplate(route),
    method: METHODS.has(method) ? method : "other",
    status: String(status),
  };
  requests.inc(labels);
  duration.observe(labels, durationMs / 1000);
}
