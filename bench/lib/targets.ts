import type { AlternationResult } from "./alternate";
import type { Report, Target } from "./report";

// The targets of issue 9, checked against this run's medians (ratios are medians of the
// per-round ratios). A scenario that did not run gives no rows.

const find = (report: Report, title: string) => report.comparisons.find((c) => c.title.startsWith(title));
const ratioOf = (c: AlternationResult | undefined, of: string, against: string) => c?.ratios.find((r) => r.of === of && r.against === against)?.median;
const atLeast = (value: number | undefined | null, min: number) => (value === undefined || value === null ? null : value >= min);
const atMost = (value: number | undefined | null, max: number) => (value === undefined || value === null ? null : value <= max);

export function evaluateTargets(report: Report): Target[] {
  const targets: Target[] = [];
  const add = (scenario: string, what: string, value: number | undefined | null, target: string, ok: boolean | null) => {
    if (value !== undefined) targets.push({ scenario, what, value: value ?? null, target, ok });
  };

  for (const [store, min] of [["redis", 0.8], ["upstash", 0.7]] as const) {
    const c = find(report, `1 GET /leads/:id (limiter on ${store})`);
    const floor = ratioOf(c, "api", "floor");
    const bare = ratioOf(c, "api", "bare");
    add(`1 (${store})`, "throughput ÷ floor", floor?.rps, `≥ ${min}`, atLeast(floor?.rps, min));
    add(`1 (${store})`, "p99 ÷ floor p99", floor?.p99, "≤ 1.5", atMost(floor?.p99, 1.5));
    add(`1 (${store})`, "throughput ÷ bare server", bare?.rps, "≥ 0.2", atLeast(bare?.rps, 0.2));
  }

  const deep = ratioOf(find(report, "2 GET /leads?limit=100"), "deep", "first");
  add("2", "deep keyset page ÷ first page, p50", deep?.p50, "≤ 1.3", atMost(deep?.p50, 1.3));
  const offset = ratioOf(find(report, "2 bare server"), "offset", "first");
  add("2", "bare OFFSET page ÷ its first page, p50 (for contrast)", offset?.p50, "–", null);

  const filters = find(report, "3 filters");
  for (const v of filters?.variants.filter((x) => x.id !== "first") ?? []) add("3", `${v.label}: p99 ms`, v.median.p99, "≤ 50", atMost(v.median.p99, 50));

  const plans = report.extra["3 plans (EXPLAIN ANALYZE of each list query on the seeded rows)"] as Array<{ label: string; seqScans: number }> | undefined;
  for (const plan of plans ?? []) add("3", `${plan.label}: sequential scans in the plan`, plan.seqScans, "= 0", plan.seqScans === 0);

  const create = ratioOf(find(report, "4 POST /leads"), "create", "floor");
  add("4", "POST /leads throughput ÷ floor", create?.rps, "≥ 0.6", atLeast(create?.rps, 0.6));

  const latency = report.extra["5 limiter cost per call (ms, sequential limitApiKey)"] as Array<{ store: string; median: { p50: number } }> | undefined;
  for (const [store, max] of [["redis", 0.3], ["upstash", 1]] as const) {
    const p50 = latency?.find((l) => l.store === store)?.median.p50;
    add("5", `limiter p50 ms on ${store}`, p50, `≤ ${max}`, atMost(p50, max));
  }
  const exact = report.extra["5 exactness (3 app processes, 300 concurrent requests, one fresh key)"] as Array<{ store: string; admitted: number; failOpen: number }> | undefined;
  for (const e of exact ?? []) {
    add("5", `admitted of 300 (limit 100), ${e.store}`, e.admitted, "= 100", e.admitted === 100);
    if (e.failOpen) report.problems.push(`5 exactness (${e.store}): ${e.failOpen} requests were let through because the store did not answer within RATE_LIMIT_TIMEOUT_MS (fail open), not by the count`);
  }

  const memory = report.extra["6 memory (GET /leads/:id, limiter on REDIS_URL)"] as { growthPercent: number } | undefined;
  add("6", "RSS growth %", memory?.growthPercent, "≤ 10", atMost(memory?.growthPercent, 10));
  const starts = report.extra["6 start (spawn → first 200 of the floor route; then the first API request)"] as Array<{ readyMs: number }> | undefined;
  if (starts?.length) {
    const worst = Math.max(...starts.map((s) => s.readyMs));
    add("6", "next start → first 200, ms (slowest start)", worst, "≤ 3000", atMost(worst, 3000));
  }
  return targets;
}
