import { beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { GET as metrics } from "@/app/api/metrics/route";
import { poolSize } from "@/db/client";
import { createQueues } from "@/lib/jobs/start-workers";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { parseSamples, sampleValue } from "../../helpers/prometheus-text";
import { setAppRateLimitEnv } from "../../helpers/rate-limit-env";

// GET /api/metrics through its route handler, after real API requests through the real /api/v1
// handlers (tests/helpers/route-table.ts), on the real database: PostgreSQL, and PGlite as a
// *.db.test. Scraped from loopback without METRICS_TOKEN (the access rules: metrics-access tests).

const pglite = !process.env.DATABASE_URL;
const engine = pglite ? "pglite" : "postgres";

beforeAll(() => {
  // This process's own limiter, small: each test's tenant has its own key, so its own count.
  setAppRateLimitEnv({ RATE_LIMIT_PER_MINUTE: "5" });
  delete process.env.METRICS_TOKEN;
});

async function scrape(): Promise<{ status: number; contentType: string | null; text: string }> {
  const res = await metrics(new Request("http://localhost/api/metrics", { headers: { host: "localhost:3000" } }));
  return { status: res.status, contentType: res.headers.get("content-type"), text: await res.text() };
}

/** The change of each named sample between two scrapes (absent counts as 0). */
function delta(before: string, after: string, name: string, labels: Record<string, string>): number {
  return (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
}

describe("GET /api/metrics", () => {
  it("is Prometheus text with Node's defaults, nodejs_version_info naming Node 24, and every leadprop metric", async () => {
    const { status, contentType, text } = await scrape();
    expect(status).toBe(200);
    expect(contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    const samples = parseSamples(text); // throws on a line that is not a sample
    const version = samples.find((sample) => sample.name === "nodejs_version_info");
    expect(version?.labels).toMatchObject({ version: expect.stringMatching(/^v24\./), major: "24" });
    expect(version?.value).toBe(1);
    expect(samples.some((sample) => sample.name === "process_cpu_seconds_total")).toBe(true);
    for (const [name, type] of [
      ["leadprop_api_requests_total", "counter"],
      ["leadprop_api_request_duration_seconds", "histogram"],
      ["leadprop_rate_limit_refusals_total", "counter"],
      ["leadprop_webhook_deliveries_total", "counter"],
      ["leadprop_database_up", "gauge"],
      ["leadprop_db_pool_max_connections", "gauge"],
      ["leadprop_db_pool_open_connections", "gauge"],
      ["leadprop_db_pool_busy_connections", "gauge"],
      ["leadprop_event_feed_lag_seconds", "gauge"],
      ["leadprop_webhook_dispatch_lag_seconds", "gauge"],
      ["leadprop_queue_jobs_waiting", "gauge"],
      ["leadprop_queue_jobs_active", "gauge"],
      ["leadprop_queue_oldest_waiting_seconds", "gauge"],
    ]) {
      expect(text).toContain(`# TYPE ${name} ${type}\n`);
    }
  });

  it("counts API requests by route template (never a path with ids), method and status, with their latency", async () => {
    const t = await createTenant();
    const before = (await scrape()).text;
    await callApi("GET", "/api/v1/leads", { key: t.key });
    await callApi("GET", "/api/v1/leads", { key: t.key });
    const lead = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Counted" } }))
      .body.data;
    await callApi("GET", `/api/v1/leads/${lead.id}`, { key: t.key });
    expect((await callApi("GET", "/api/v1/leads/lead_00000000000000000000000000", { key: t.key })).status).toBe(404);
    const after = (await scrape()).text;

    const requests = "leadprop_api_requests_total";
    expect(delta(before, after, requests, { route: "/leads", method: "GET", status: "200" })).toBe(2);
    expect(delta(before, after, requests, { route: "/leads", method: "POST", status: "201" })).toBe(1);
    expect(delta(before, after, requests, { route: "/leads/:id", method: "GET", status: "200" })).toBe(1);
    expect(delta(before, after, requests, { route: "/leads/:id", method: "GET", status: "404" })).toBe(1);
    expect(after).not.toContain(lead.id);

    const latency = "leadprop_api_request_duration_seconds";
    const list = { route: "/leads", method: "GET", status: "200" };
    expect(delta(before, after, `${latency}_count`, list)).toBe(2);
    expect(delta(before, after, `${latency}_bucket`, { ...list, le: "+Inf" })).toBe(2);
    expect(delta(before, after, `${latency}_bucket`, { ...list, le: "10" })).toBe(2);
    expect(delta(before, after, `${latency}_sum`, list)).toBeGreaterThanOrEqual(0);
    const buckets = parseSamples(after)
      .filter((sample) => sample.name === `${latency}_bucket` && sample.labels.route === "/leads")
      .filter((sample) => sample.labels.method === "GET" && sample.labels.status === "200")
      .map((sample) => sample.labels.le);
    expect(buckets).toEqual(["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"]);
  });

  it("counts rate-limit refusals (the 429s), and only those", async () => {
    const t = await createTenant();
    const before = (await scrape()).text;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await callApi("GET", "/api/v1/leads", { key: t.key })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // A request with no valid key is refused before the limit: not a refusal of the limit.
    expect((await callApi("GET", "/api/v1/leads", { key: "lpm_not_a_key" })).status).toBe(401);
    const after = (await scrape()).text;
    expect(delta(before, after, "leadprop_rate_limit_refusals_total", {})).toBe(2);
    expect(delta(before, after, "leadprop_api_requests_total", { route: "/leads", method: "GET", status: "429" })).toBe(
      2,
    );
  });

  it("reads the database's gauges at scrape time: up, pool use, event feed lag", async () => {
    const { text } = await scrape();
    expect(sampleValue(text, "leadprop_database_up", { engine })).toBe(1);
    expect(sampleValue(text, "leadprop_db_pool_max_connections", { engine })).toBe(pglite ? 1 : poolSize());
    const open = sampleValue(text, "leadprop_db_pool_open_connections", { engine });
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(pglite ? 1 : poolSize());
    const busy = sampleValue(text, "leadprop_db_pool_busy_connections", { engine });
    if (pglite) expect(busy).toBeUndefined();
    else expect(busy).toBeGreaterThanOrEqual(0);
    const lag = sampleValue(text, "leadprop_event_feed_lag_seconds", { engine });
    expect(lag).toBeGreaterThanOrEqual(0);
    // PGlite has one connection: no other transaction can be open while the scrape reads.
    if (pglite) expect(lag).toBe(0);
    expect(sampleValue(text, "leadprop_webhook_dispatch_lag_seconds", { engine })).toBeGreaterThanOrEqual(0);
  });

  it("the dispatch lag is the age of the oldest event not fanned out yet, 0 once the dispatcher has caught up", async () => {
    // On PostgreSQL other test files' dispatchers share this database: the dispatcher's position
    // is held locked meanwhile, so none of them moves it. PGlite is this process's alone.
    const other = pglite ? undefined : postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const held = await other?.reserve();
    try {
      if (held) {
        await held`begin`;
        await held`select 1 from event_dispatch_positions where name = 'webhooks' for update`;
      }
      const tenant = await createTenant();
      expect((await callApi("POST", "/api/v1/leads", { key: tenant.key, body: { name: "Waiting" } })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const waiting = sampleValue((await scrape()).text, "leadprop_webhook_dispatch_lag_seconds", { engine });
      expect(waiting).toBeGreaterThanOrEqual(0.25);
    } finally {
      if (held) {
        await held`rollback`;
        held.release();
      }
      await other?.end();
    }
    if (!pglite) return; // elsewhere, other files keep writing events: "caught up" is a moment there
    await createQueues(); // this process's dispatcher
    await expect
      .poll(async () => sampleValue((await scrape()).text, "leadprop_webhook_dispatch_lag_seconds", { engine }), {
        timeout: 10_000,
      })
      .toBe(0);
  });

  it.skipIf(pglite)("the feed lag is the age of a transaction holding back the feed's horizon", async () => {
    const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const reserved = await other.reserve();
      await reserved`begin`;
      // A transaction id, as any write takes: from here it holds the horizon (pg_snapshot_xmin).
      await reserved`select pg_current_xact_id()`;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const lag = sampleValue((await scrape()).text, "leadprop_event_feed_lag_seconds", { engine });
      expect(lag).toBeGreaterThanOrEqual(1.4);
      await reserved`rollback`;
      reserved.release();
    } finally {
      await other.end();
    }
  });
});
