import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueues } from "@/lib/jobs/start-workers";
import { callApi, createTenant } from "../../helpers/api";
import { sampleValue } from "../../helpers/prometheus-text";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";

// A real `npm run worker` (scripts/worker.ts) with WORKER_HTTP_PORT: it answers its health, and
// the webhook deliveries it makes show in its own metrics. This test process only sends the jobs
// (it runs no workers). PostgreSQL only: the embedded database belongs to one process.

let worker: ChildProcess;
let output: () => string;
let base: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  await createQueues();
  receiver = await startWebhookReceiver();
  const started = await spawnTsx(
    "scripts/worker.ts",
    {
      WORKER_HTTP_PORT: "0",
      METRICS_TOKEN: "",
      LOG_LEVEL: "info",
      SKIP_MIGRATIONS: "1",
      JOBS_POLLING_INTERVAL_SECONDS: "0.5",
    },
    /"msg":"worker http listening","port":(\d+)/,
  );
  worker = started.child;
  output = started.output;
  base = `http://127.0.0.1:${started.match[1]}`;
}, 90_000);

afterAll(async () => {
  if (worker) await killAndWait(worker);
  await receiver?.close();
});

const scrape = async () => (await fetch(`${base}/api/metrics`)).text();

describe("`npm run worker` with WORKER_HTTP_PORT", () => {
  it("is live and ready once its workers run, on Node 24, with its database gauges", async () => {
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    const ready = await fetch(`${base}/api/health/ready`);
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { lifecycle: "ready", database: "ok", migrations: "ok" },
    });
    const text = await scrape();
    expect(text).toMatch(/^nodejs_version_info\{version="v24\.[^"]+",major="24"/m);
    expect(sampleValue(text, "leadprop_database_up", { engine: "postgres" })).toBe(1);
    expect(sampleValue(text, "leadprop_db_pool_open_connections", { engine: "postgres" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, "leadprop_queue_jobs_waiting", { queue: "deliver-webhook" })).toBeGreaterThanOrEqual(0);
  });

  it("counts the webhook deliveries it makes", async () => {
    const t = await createTenant();
    const endpoint = await callApi("POST", "/api/v1/webhook-endpoints", {
      key: t.key,
      body: { url: receiver.url("/from-worker"), events: ["lead.created"] },
    });
    expect(endpoint.status).toBe(201);
    await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Delivered by a worker" } });
    await receiver.waitFor(1, { path: "/from-worker", timeoutMs: 20_000 }).catch((error) => {
      throw new Error(`${error}\nworker output:\n${output().slice(-3000)}`);
    });
    await expect
      .poll(async () => sampleValue(await scrape(), "leadprop_webhook_deliveries_total", { outcome: "delivered" }), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
  }, 60_000);
});
