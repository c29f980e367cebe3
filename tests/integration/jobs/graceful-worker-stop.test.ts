import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, migratePostgres } from "@/db/client";
import { createQueues } from "@/lib/jobs/start-workers";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { createTestDatabase, dropTestDatabase } from "../../setup/test-database";

// A worker process (`npm run worker`) stopped with SIGTERM: it takes no new job, finishes the
// delivery in flight and exits 0; a delivery that outlives SHUTDOWN_TIMEOUT_MS, or one whose
// worker is killed, is delivered by another worker. PostgreSQL only (processes share the
// database), on a database of its own so no other test file's workers take these jobs.

const WORKER_ENV = {
  SKIP_MIGRATIONS: "1",
  LOG_LEVEL: "info",
  JOBS_POLLING_INTERVAL_SECONDS: "0.5",
  JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
  // A delivery job still running after this belongs to a dead worker and is run again.
  WEBHOOK_JOB_EXPIRE_SECONDS: "3",
  // pg-boss's delay before it runs a failed or expired delivery job again (5 s in production): the
  // second and third cases wait it out, and what they check does not depend on its length.
  WEBHOOK_JOB_RETRY_DELAY_SECONDS: "1",
  WEBHOOK_TIMEOUT_MS: "9000",
  WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
};

const workers: ChildProcess[] = [];
let receiver: WebhookReceiver;
let database: { name: string; url: string };

async function startWorker(env: Record<string, string> = {}) {
  const started = await spawnTsx("scripts/worker.ts", { ...WORKER_ENV, ...env }, /"msg":"worker started"/);
  workers.push(started.child);
  return started;
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );

beforeAll(async () => {
  database = await createTestDatabase("graceful");
  await migratePostgres(database.url);
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

const subscribe = async (t: TestTenant, path: string) =>
  (await subscribeEndpoint(t, receiver.url(path), { events: ["lead.created"] })).id;

const createLead = (t: TestTenant, name: string) => callApi("POST", "/api/v1/leads", { key: t.key, body: { name } });

describe("a worker process stopped with SIGTERM", () => {
  it("finishes the delivery in flight, takes no new job, and exits 0", async () => {
    const { child: worker, output } = await startWorker({ SHUTDOWN_TIMEOUT_MS: "10000" });
    const t = await createTenant();
    const endpoint = await subscribe(t, "/in-flight");
    receiver.respond({ status: 200, delayMs: 1_500 });
    await createLead(t, "In flight");
    const [held] = await receiver.waitFor(1, { path: "/in-flight", timeoutMs: 20_000 });
    const exited = exitOf(worker);
    const signalled = Date.now();
    worker.kill("SIGTERM");
    await sleep(200);
    await createLead(t, "After the signal"); // for another worker: this one takes nothing new

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - held.at).toBeGreaterThanOrEqual(1_400); // it waited for the receiver's answer
    expect(at - signalled).toBeLessThan(10_000);
    const log = (await listDeliveries(t.accountId, endpoint, { limit: 10 })).data;
    expect(log.map((d) => [d.attempt, d.succeeded])).toEqual([[1, true]]);
    expect(receiver.received.filter((r) => r.path === "/in-flight")).toHaveLength(1);
    expect(output()).toMatch(/"msg":"worker stopping"[^\n]*"signal":"SIGTERM"/);
    expect(output()).toMatch(/"msg":"worker stopped"/);

    // The job sent after the signal waited for a worker that runs, and went to it.
    receiver.respond({ status: 200 });
    const next = await startWorker();
    const both = await receiver.waitFor(2, { path: "/in-flight", timeoutMs: 20_000 });
    expect(both[1].headers["webhook-id"]).not.toBe(held.headers["webhook-id"]);
    await killAndWait(next.child);
  }, 60_000);

  it("a delivery still running at SHUTDOWN_TIMEOUT_MS is failed into retry and delivered by another worker", async () => {
    const { child: worker, output } = await startWorker({ SHUTDOWN_TIMEOUT_MS: "1500" });
    const t = await createTenant();
    const endpoint = await subscribe(t, "/cut-off");
    receiver.respond({ status: 200, delayMs: 8_000 });
    await createLead(t, "Cut off");
    const [held] = await receiver.waitFor(1, { path: "/cut-off", timeoutMs: 20_000 });
    const exited = exitOf(worker);
    const signalled = Date.now();
    worker.kill("SIGTERM");
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(1_500);
    expect(at - signalled).toBeLessThan(6_000);
    expect(output()).toMatch(/handler still running|jobs stop/);
    expect((await listDeliveries(t.accountId, endpoint, { limit: 10 })).data).toEqual([]); // nothing recorded

    receiver.respond({ status: 200 });
    const other = await startWorker();
    // pg-boss's retry delay (WEBHOOK_JOB_RETRY_DELAY_SECONDS) + a poll.
    const [, again] = await receiver.waitFor(2, { path: "/cut-off", timeoutMs: 30_000 });
    expect(again.headers["webhook-id"]).toBe(held.headers["webhook-id"]);
    await vi.waitFor(
      async () => {
        const log = (await listDeliveries(t.accountId, endpoint, { limit: 10 })).data;
        expect(log.map((d) => [d.attempt, d.succeeded])).toEqual([[1, true]]);
      },
      { timeout: 10_000, interval: 100 },
    );
    await killAndWait(other.child);
  }, 60_000);

  it("a delivery cut off by SIGKILL is delivered by the other worker already running", async () => {
    const { child: doomed } = await startWorker();
    const t = await createTenant();
    const endpoint = await subscribe(t, "/killed");
    receiver.respond({ status: 200, delayMs: 60_000 });
    await createLead(t, "Killed");
    const [held] = await receiver.waitFor(1, { path: "/killed", timeoutMs: 20_000 });
    await startWorker(); // running before the kill: it takes the job once it expires
    receiver.respond({ status: 200 });
    await killAndWait(doomed, "SIGKILL");
    // Expiry (3 s after the start) + maintenance (every 1 s) + a poll (0.5 s).
    const [, again] = await receiver.waitFor(2, { path: "/killed", timeoutMs: 30_000 });
    expect(again.headers["webhook-id"]).toBe(held.headers["webhook-id"]);
    await vi.waitFor(
      async () => {
        const log = (await listDeliveries(t.accountId, endpoint, { limit: 10 })).data;
        expect(log.map((d) => [d.attempt, d.succeeded])).toEqual([[1, true]]);
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 60_000);
});
