import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { startWorkers } from "@/lib/jobs/start-workers";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { replayEndpointSince } from "@/lib/webhooks/replay-since";
import { replayEndpointAction } from "@/app/(app)/settings/webhooks/actions";
import { getMember } from "@/lib/users/get-member";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// Issue 32, part 5: the delivery log tells the whole truth. Real pg-boss workers in this process,
// a real receiver on loopback; the retry schedule and the timeout are shrunk for the test.

let receiver: WebhookReceiver;
// A receiver that never answers: each request holds a delivery for the whole timeout.
let silent: Server;
const TIMEOUT_MS = 5000;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_RETRY_SCHEDULE", "0.2,0.2");
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", String(TIMEOUT_MS));
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  // A run that throws is retried by pg-boss once, a second later, then given up.
  vi.stubEnv("WEBHOOK_JOB_RETRY_LIMIT", "1");
  vi.stubEnv("WEBHOOK_JOB_RETRY_DELAY_SECONDS", "1");
  await startWorkers();
  receiver = await startWebhookReceiver();
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
}, 60_000);

afterAll(async () => {
  await receiver.close();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

const unique = () => `/${Math.random().toString(36).slice(2)}`;

const subscribe = (t: TestTenant, path: string, url = receiver.url(path), events?: string[]) =>
  subscribeEndpoint(t, url, { events });

const createLead = async (t: TestTenant, name: string) =>
  (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name } })).body.data;

/** The endpoint's delivery log, oldest first, once it has `count` rows. */
async function logOf(t: TestTenant, endpointId: string, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await listDeliveries(t.accountId, endpointId, { limit: 100 });
    if (page.data.length >= count || Date.now() > deadline) return page.data.reverse();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the delivery log is the whole truth", () => {
  it("two concurrent Resends of one delivery send once; a later Resend sends again", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path);
    await createLead(t, "Resent");
    await receiver.waitFor(1, { path });
    const [first] = await logOf(t, endpoint.id, 1);

    await Promise.all([resendDelivery(t.accountId, first.id), resendDelivery(t.accountId, first.id)]);
    await receiver.waitFor(2, { path });
    await settle(1500); // time for a second send, had one been queued
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(2);
    const log = await logOf(t, endpoint.id, 2);
    expect(log.map((row) => [row.attempt, row.manual])).toEqual([
      [1, false],
      [2, true],
    ]);

    // Once that resend is in the log, a new click is a new request.
    await resendDelivery(t.accountId, first.id);
    await receiver.waitFor(3, { path });
    expect((await logOf(t, endpoint.id, 3)).map((row) => row.attempt)).toEqual([1, 2, 3]);
  });

  it("an endpoint that never answers does not delay a healthy endpoint's deliveries", async () => {
    const t = await createTenant();
    const { port } = silent.address() as AddressInfo;
    await subscribe(t, "", `http://127.0.0.1:${port}/never`, ["lead.created"]);
    const path = unique();
    await subscribe(t, path, receiver.url(path), ["lead.updated"]);
    // One at a time, so each held delivery is taken by whichever worker is free: before the cap,
    // every worker of the process ended up waiting on the silent receiver.
    for (let i = 0; i < 10; i++) {
      await createLead(t, `Held ${i}`);
      await settle(150);
    }
    const lead = await createLead(t, "Healthy");
    const healthyLag: number[] = [];
    for (let i = 0; i < 3; i++) {
      const sentAt = Date.now();
      await callApi("PATCH", `/api/v1/leads/${lead.id}`, { key: t.key, body: { notes: `change ${i}` } });
      const hooks = await receiver.waitFor(i + 1, { path, timeoutMs: 20_000 });
      healthyLag.push(hooks[i].at - sentAt);
    }
    // Without the silent endpoint a delivery here takes well under a second; the bound is far
    // below the timeout every held delivery waits out.
    expect(Math.max(...healthyLag)).toBeLessThan(TIMEOUT_MS / 2);
  }, 90_000);

  it("a delivery whose runs throw until pg-boss gives up ends with a final failed row", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path);
    // The database refuses to log this endpoint's successes: each run sends, then throws.
    const db = await getDb();
    await db.execute(
      sql.raw(`create or replace function refuse_success_${endpoint.id}() returns trigger language plpgsql as $$
        begin
          if new.endpoint_id = '${endpoint.id}' and new.succeeded then raise exception 'log refused'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_success_${endpoint.id} before insert on webhook_deliveries
        for each row execute function refuse_success_${endpoint.id}()`),
    );
    await createLead(t, "Thrown");
    await receiver.waitFor(2, { path, timeoutMs: 20_000 }); // the run and pg-boss's one retry
    const [row] = await logOf(t, endpoint.id, 1);
    expect(row).toMatchObject({ attempt: 1, succeeded: false, nextAttemptAt: null });
    expect(row.error).toMatch(/gave up/);
  }, 60_000);

  it("an event for a disabled endpoint is logged as skipped, with the reason, and can be resent", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path);
    await callApi("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { key: t.key, body: { enabled: false } });
    await createLead(t, "While disabled");
    const [skipped] = await logOf(t, endpoint.id, 1);
    expect(skipped).toMatchObject({ attempt: 1, succeeded: false, skippedReason: "endpoint_disabled" });
    // A job already queued (here: a retry) that runs once the endpoint is disabled logs it too.
    await attemptDelivery({ eventId: skipped.eventId, endpointId: endpoint.id, attempt: 2 }, deliverWebhookQueue);
    const log = await logOf(t, endpoint.id, 2);
    expect(log[1]).toMatchObject({ attempt: 2, skippedReason: "endpoint_disabled", nextAttemptAt: null });
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(0);

    await callApi("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { key: t.key, body: { enabled: true } });
    await resendDelivery(t.accountId, skipped.id);
    const [hook] = await receiver.waitFor(1, { path });
    expect(hook.headers["webhook-id"]).toBe(skipped.eventId);
  }, 60_000);

  it("Replay since sends the skipped events once enabled, once however many replays run at once", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path, receiver.url(path), ["lead.created"]);
    const since = new Date(Date.now() - 1000);
    await callApi("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { key: t.key, body: { enabled: false } });
    await createLead(t, "Missed 1");
    await createLead(t, "Missed 2");
    const skipped = await logOf(t, endpoint.id, 2);
    expect(skipped.map((row) => row.skippedReason)).toEqual(["endpoint_disabled", "endpoint_disabled"]);
    await expect(replayEndpointSince(t.accountId, endpoint.id, since)).rejects.toThrow("Enable the endpoint");

    await callApi("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { key: t.key, body: { enabled: true } });
    const results = await Promise.all([
      replayEndpointSince(t.accountId, endpoint.id, since),
      replayEndpointSince(t.accountId, endpoint.id, since),
    ]);
    expect(results.map((r) => r.queued).sort()).toEqual([0, 2]);
    const hooks = await receiver.waitFor(2, { path });
    await settle(1000);
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(2);
    expect(hooks.map((h) => h.headers["webhook-id"]).sort()).toEqual(skipped.map((row) => row.eventId).sort());

    // The Settings form: the owner's replay of the same time queues them again, as new attempts.
    const member = (await getMember(t.accountId, t.userId))!;
    const form = new FormData();
    form.set("endpointId", endpoint.id);
    form.set("since", since.toISOString());
    expect(await replayEndpointAction.run(member, form)).toMatchObject({
      status: "success",
      message: /^2 events queued/,
    });
    await receiver.waitFor(4, { path });

    const other = await createTenant();
    await expect(replayEndpointSince(other.accountId, endpoint.id, since)).rejects.toThrow("not found");
    const tooOld = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await expect(replayEndpointSince(t.accountId, endpoint.id, tooOld)).rejects.toThrow("30 days");
  }, 60_000);
});
