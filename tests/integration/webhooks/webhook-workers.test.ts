import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, migratePostgres } from "@/db/client";
import { createQueues } from "@/lib/jobs/start-workers";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody } from "../../helpers/api-bodies";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { createTestDatabase, dropTestDatabase } from "../../setup/test-database";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// `npm run worker` processes deliver; this process only makes changes (and so queues jobs).
// PostgreSQL only: the embedded database belongs to one process. On a database of its own: the
// in-process workers of other test files would otherwise take these jobs, and these workers theirs.

const WORKER_ENV = {
  SKIP_MIGRATIONS: "1",
  LOG_LEVEL: "info",
  JOBS_POLLING_INTERVAL_SECONDS: "0.5",
  JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
  // A delivery job still running after this belongs to a dead worker and is run again.
  WEBHOOK_JOB_EXPIRE_SECONDS: "3",
  WEBHOOK_TIMEOUT_MS: "2500",
  WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
};

const workers: ChildProcess[] = [];
let receiver: WebhookReceiver;

async function startWorker(): Promise<ChildProcess> {
  const { child } = await spawnTsx("scripts/worker.ts", WORKER_ENV, /"msg":"worker started"/);
  workers.push(child);
  return child;
}

let database: { name: string; url: string };

beforeAll(async () => {
  database = await createTestDatabase("workers");
  await migratePostgres(database.url);
  // Before anything opens the database: this file's process and its workers use this one.
  process.env.DATABASE_URL = database.url;
  for (const [name, value] of Object.entries(WORKER_ENV)) vi.stubEnv(name, value);
  await createQueues();
  receiver = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => killAndWait(worker, "SIGKILL")));
  await receiver.close();
  await closeDb();
  await dropTestDatabase(database.name);
});

async function subscribe(t: TestTenant, path: string) {
  const res = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/webhook-endpoints", {
    key: t.key,
    body: { url: receiver.url(path), events: ["lead.created"] },
  });
  return res.body.data.id;
}

describe("webhook delivery by worker processes", () => {
  it("two workers on one database deliver each (event, endpoint) pair once", async () => {
    const pair = await Promise.all([startWorker(), startWorker()]);
    const t = await createTenant();
    const [one, two] = await Promise.all([subscribe(t, "/one"), subscribe(t, "/two")]);
    for (let i = 0; i < 20; i++) await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: `Lead ${i}` } });

    const ids = (path: string) => receiver.received.filter((r) => r.path === path).map((r) => r.headers["webhook-id"]);
    await receiver.waitFor(20, { path: "/one", timeoutMs: 20_000 });
    await receiver.waitFor(20, { path: "/two", timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a duplicate would arrive by now
    for (const path of ["/one", "/two"]) {
      expect(ids(path)).toHaveLength(20);
      expect(new Set(ids(path)).size).toBe(20);
    }
    for (const endpoint of [one, two]) {
      const log = (await listDeliveries(t.accountId, endpoint, { limit: 100 })).data;
      expect(log.map((d) => [d.attempt, d.succeeded])).toEqual(Array.from({ length: 20 }, () => [1, true]));
    }
    await Promise.all(pair.map((worker) => killAndWait(worker, "SIGTERM")));
  }, 60_000);

  it("a worker killed mid-delivery: after a restart the event is delivered, with the same webhook-id", async () => {
    const first = await startWorker();
    const t = await createTenant();
    const endpoint = await subscribe(t, "/killed");
    receiver.respond({ status: 200, delayMs: 60_000 }); // hold the request while the worker dies
    await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Interrupted" } });
    const [held] = await receiver.waitFor(1, { path: "/killed", timeoutMs: 20_000 });
    await killAndWait(first, "SIGKILL");
    receiver.respond({ status: 200 });
    expect((await listDeliveries(t.accountId, endpoint, { limit: 10 })).data).toEqual([]); // nothing recorded

    await startWorker();
    const [, again] = await receiver.waitFor(2, { path: "/killed", timeoutMs: 30_000 });
    expect(again.headers["webhook-id"]).toBe(held.headers["webhook-id"]);
    expect(again.body).toBe(held.body);
    const deadline = Date.now() + 10_000;
    let log = (await listDeliveries(t.accountId, endpoint, { limit: 10 })).data;
    while (!log.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      log = (await listDeliveries(t.accountId, endpoint, { limit: 10 })).data;
    }
    expect(log.map((d) => [d.attempt, d.succeeded])).toEqual([[1, true]]);
  }, 60_000);
});
