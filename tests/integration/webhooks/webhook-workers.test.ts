import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import type { DataBody } from "../../helpers/api-bodies";
import { killAndWait } from "../../helpers/spawn-process";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { workerProcessesOnOwnDatabase } from "../../helpers/worker-processes";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// `npm run worker` processes dispatch and deliver; this process only makes changes (it runs no
// jobs, so no dispatcher: the workers' polls find its events). PostgreSQL only: the embedded
// database belongs to one process. On a database of its own: the in-process workers of other test
// files would otherwise take these jobs, and these workers theirs.

const WORKER_ENV = {
  SKIP_MIGRATIONS: "1",
  LOG_LEVEL: "info",
  JOBS_POLLING_INTERVAL_SECONDS: "0.5",
  JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
  // A delivery job still running after this belongs to a dead worker and is run again.
  WEBHOOK_JOB_EXPIRE_SECONDS: "3",
  // pg-boss's delay before it runs an expired delivery job again (5 s in production): the killed
  // worker's case waits it out, and what it checks (the same webhook-id, delivered once) does not
  // depend on its length.
  WEBHOOK_JOB_RETRY_DELAY_SECONDS: "1",
  WEBHOOK_TIMEOUT_MS: "2500",
  WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
  EVENTS_DISPATCH_POLL_MS: "200",
};

const { startWorker, databaseUrl } = workerProcessesOnOwnDatabase("workers", WORKER_ENV);
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A session of its own on the test database, to hold a lock or a transaction open. */
async function openSession() {
  const client = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  const session = await client.reserve();
  return { session, end: () => (session.release(), client.end()) };
}

const webhookIds = (path: string) =>
  receiver.received.filter((r) => r.path === path).map((r) => r.headers["webhook-id"] as string);

const subscribe = async (t: TestTenant, path: string) =>
  (await subscribeEndpoint(t, receiver.url(path), { events: ["lead.created"] })).id;

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

  it("a dispatcher killed mid-batch: the next one fans the batch out, each event once", async () => {
    const t = await createTenant();
    await subscribe(t, "/dispatch-crash");
    const first = await startWorker(); // pg-boss's tables exist from here
    // The job table held in SHARE mode: a dispatcher's insert of the batch's deliveries waits on
    // it, inside its transaction, while it holds the dispatcher's position.
    const holder = await openSession();
    await holder.session`begin`;
    await holder.session`lock table pgboss.job in share mode`;
    for (let i = 0; i < 5; i++) await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: `Crash ${i}` } });
    const waiting = async () =>
      (
        await holder.session`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%pgboss%'`
      )[0].n > 0;
    const deadline = Date.now() + 20_000;
    while (!(await waiting())) {
      if (Date.now() > deadline) throw new Error("no dispatcher reached the job table");
      await sleep(50);
    }
    await killAndWait(first, "SIGKILL");
    await holder.session`rollback`;
    await holder.end();

    await startWorker();
    await receiver.waitFor(5, { path: "/dispatch-crash", timeoutMs: 30_000 });
    await sleep(1_500); // a duplicate would arrive by now
    expect(webhookIds("/dispatch-crash")).toHaveLength(5);
    expect(new Set(webhookIds("/dispatch-crash")).size).toBe(5);
  }, 60_000);

  it("an open transaction holds back the events behind it; its end releases them all, in feed order", async () => {
    await startWorker();
    const t = await createTenant();
    await subscribe(t, "/held");
    // A transaction with an id, left open: every change after it commits above the feed's horizon.
    const holder = await openSession();
    await holder.session`begin`;
    await holder.session`select pg_current_xact_id()`;
    const names = ["Held 1", "Held 2", "Held 3"];
    for (const name of names) await callApi("POST", "/api/v1/leads", { key: t.key, body: { name } });
    await sleep(1_500);
    expect(webhookIds("/held")).toEqual([]);
    const feed = async () =>
      (await callApi<DataBody<{ data: { object: { name: string } } }[]>>("GET", "/api/v1/events", { key: t.key })).body
        .data;
    expect(await feed()).toEqual([]);

    await holder.session`commit`;
    await holder.end();
    const arrived = await receiver.waitFor(3, { path: "/held", timeoutMs: 10_000 });
    expect(arrived.map((r) => JSON.parse(r.body).data.object.name).sort()).toEqual(names);
    expect((await feed()).map((event) => event.data.object.name)).toEqual(names);
  }, 60_000);
});
