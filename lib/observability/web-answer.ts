import type { MetricsCaller } from "./metrics-access";
import type { OperationalAnswer } from "./observability-answers";
import { FORWARDING_HEADERS, stampedPeer } from "./peer-address-stamp";

// The Next side of the operational endpoints: a web Request in, a Response out.

export function toResponse({ status, headers, body }: OperationalAnswer): Response {
  return new Response(body, { status, headers });
}

export function metricsCallerOf(req: Request): MetricsCaller {
  return {
    authorization: req.headers.get("authorization"),
    peer: stampedPeer(req.headers),
    host: req.headers.get("host"),
    forwarded: FORWARDING_HEADERS.some((name) => req.headers.has(name)),
  };
}
