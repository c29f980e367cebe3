import { sharedCounter } from "./metrics-registry";

// Requests refused by the per-key rate limit (429 rate_limited), counted where the wrapper
// decides it (lib/api/handler.ts). A rise means an integrator is over its plan's pace; no key
// label, so the series stay few: the request log in the database says which key.
const refusals = sharedCounter({
  name: "leadprop_rate_limit_refusals_total",
  help: "Public API requests refused by the per-key rate limit (429).",
});

export function countRateLimitRefusal(): void {
  refusals.inc();
}
