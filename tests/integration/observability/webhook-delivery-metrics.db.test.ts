import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { GET as metrics } from "@/app/api/metrics/route";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { startWorkers } from "@/lib/jobs/start-workers";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import { sampleValue } from "../../helpers/prometheus-text";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";

// leadprop_webhook_deliveries_total counts what came of each attempt, as the real workers in
// this process deliver to a real receiver on loopback (PostgreSQL, and PGlite as a *.db.test).

let receiver: WebhookReceiver;

beforeAll(async () => {
  delete process.env.METRICS_TOKEN;
  // One retry, soon: a failure is retried once (failed_will_retry), then given up (failed_final).
  vi.stubEnv("WEBHOOK_RETRY_SCHEDULE", "0.2");
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "3000");
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  // The counters are exact: what an earlier file on this worker's database left would be counted
  // here too, and none of it is this file's. So its deliveries still queued, due for a retry or
  // left active by its process (pg-boss hands those out again once they expire) are dropped, and
  // its events not yet fanned out (its process ran no dispatcher) are passed over.
  await getBoss();
  const db = await getDb();
  await db.execute(
    sql`delete from pgboss.job where name = ${deliverWebhookQueue.name} and state in ('created', 'retry', 'active')`,
  );
  await db.execute(sql`
    update event_dispatch_positions p set txid = last.txid, event_id = last.id
    from (select txid, id from events order by txid desc, id desc limit 1) last
    where p.name = 'webhooks'`);
  await startWorkers();
  receiver = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

async function deliveries(outcome: string): Promise<number> {
  const res = await metrics(new Request("http://localhost/api/metrics", { headers: { host: "localhost" } }));
  return sampleValue(await res.text(), "leadprop_webhook_deliveries_total", { outcome }) ?? 0;
}

async function subscribedTenant(path: string): Promise<TestTenant> {
  const t = await createTenant();
  await subscribeEndpoint(t, receiver.url(path), { events: ["lead.created"] });
  return t;
}

describe("webhook delivery outcomes", () => {
  it("a 2xx counts as delivered", async () => {
    const before = await deliveries("delivered");
    receiver.respond({ status: 200 });
    const t = await subscribedTenant("/ok");
    await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Delivered" } });
    await receiver.waitFor(1, { path: "/ok" });
    await expect.poll(() => deliveries("delivered"), { timeout: 10_000 }).toBe(before + 1);
  });

  it("a failure with a retry left counts as failed_will_retry, the last one as failed_final", async () => {
    const retrying = await deliveries("failed_will_retry");
    const final = await deliveries("failed_final");
    receiver.respond({ status: 500 });
    const t = await subscribedTenant("/failing");
    await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Refused twice" } });
    await receiver.waitFor(2, { path: "/failing", timeoutMs: 15_000 });
    await expect.poll(() => deliveries("failed_final"), { timeout: 10_000 }).toBe(final + 1);
    expect(await deliveries("failed_will_retry")).toBe(retrying + 1);
    receiver.respond({ status: 200 });
  });

  it("an attempt with nothing to send (endpoint or event gone) counts as skipped", async () => {
    const before = await deliveries("skipped");
    await attemptDelivery({ eventId: "evt_gone", endpointId: "whep_gone", attempt: 1 }, deliverWebhookQueue);
    expect(await deliveries("skipped")).toBe(before + 1);
  });
});
