import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDbHandle, poolSize } from "@/db/client";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as metrics } from "@/app/api/metrics/route";
import { markReady } from "@/lib/runtime/lifecycle";
import { startPausableTcpProxy, type PausableTcpProxy } from "../../helpers/pausable-tcp-proxy";
import { sampleValue } from "../../helpers/prometheus-text";

// Readiness and a scrape while PostgreSQL cannot be reached: the app's pool goes through a TCP
// proxy this test cuts (connections reset, port closed) or stalls (bytes stop flowing), then
// brings back. PostgreSQL only: PGlite is in the process and has no network to lose.

let proxy: PausableTcpProxy;

beforeAll(async () => {
  const url = new URL(process.env.DATABASE_URL!);
  proxy = await startPausableTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  process.env.DATABASE_URL = url.toString();
  process.env.METRICS_TOKEN = "";
  await getDbHandle();
  markReady();
});

afterAll(async () => {
  await closeDb();
  await proxy.stop();
});

async function readiness() {
  const started = performance.now();
  const res = await ready();
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown, text, ms: performance.now() - started };
}

const scrape = async () => {
  const res = await metrics(new Request("http://localhost/api/metrics", { headers: { host: "127.0.0.1:3000" } }));
  return { status: res.status, text: await res.text() };
};

describe("readiness without the database", () => {
  it("200 while PostgreSQL answers; 503 database down when it cannot be reached, within ~1 s; 200 again after", async () => {
    expect((await readiness()).status).toBe(200);
    const before = await scrape();
    expect(sampleValue(before.text, "leadprop_database_up", { engine: "postgres" })).toBe(1);

    await proxy.stop();
    const down = await readiness();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: "unavailable",
      checks: { lifecycle: "ready", database: expect.stringMatching(/^(down|timeout)$/), migrations: "ok" },
    });
    // What is wrong, never how: no driver error, address or SQL.
    expect(down.text).not.toMatch(/ECONN|postgres|127\.0\.0\.1|select|stack/i);
    expect(down.ms).toBeLessThan(1_500);

    // A scrape still answers, saying the database is down and leaving out what it cannot read.
    const blind = await scrape();
    expect(blind.status).toBe(200);
    expect(sampleValue(blind.text, "leadprop_database_up", { engine: "postgres" })).toBe(0);
    expect(sampleValue(blind.text, "leadprop_event_feed_lag_seconds")).toBeUndefined();
    expect(sampleValue(blind.text, "leadprop_db_pool_open_connections")).toBeUndefined();
    expect(sampleValue(blind.text, "leadprop_db_pool_max_connections", { engine: "postgres" })).toBe(poolSize());
    expect(blind.text).toMatch(/^nodejs_version_info\{/m);

    await proxy.start();
    await expect.poll(async () => (await readiness()).status, { timeout: 15_000, interval: 200 }).toBe(200);
  }, 60_000);

  it("a database that stops answering (no reset, no bytes) is a timeout after 1 s, not a hung probe", async () => {
    proxy.pause();
    try {
      const stalled = await readiness();
      expect(stalled.status).toBe(503);
      expect(stalled.body).toMatchObject({ checks: { database: "timeout" } });
      expect(stalled.ms).toBeGreaterThanOrEqual(900);
      expect(stalled.ms).toBeLessThan(1_500);
    } finally {
      proxy.resume();
    }
    await expect.poll(async () => (await readiness()).status, { timeout: 15_000, interval: 200 }).toBe(200);
  }, 60_000);
});
