import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { startWorkers } from "@/lib/jobs/start-workers";
import { FAILING_TIER } from "@/lib/webhooks/delivery-job";
import { extendedHold } from "@/lib/webhooks/endpoint-hold";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import type { DataBody } from "../../helpers/api-bodies";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { limitThroughRealRedis } from "../api/setup-api-tests";
import { waitUntil } from "../jobs/wait-until";

limitThroughRealRedis();

// Issue 32: a receiver that is down takes one request at a time, not a worker per event for the
// timeout. A failed attempt that is retried holds its endpoint's other deliveries until the
// retry (lib/webhooks/endpoint-hold.ts): those queued already move to then, the dispatcher queues
// new ones for then; the retry's success sends everything that waited. Real workers and pg-boss,
// a real receiver.

const PATH = "/down-for-a-while";
const RETRY_WAIT_S = 4;
let receiver: WebhookReceiver;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_ENDPOINT_CONCURRENCY", "1");
  // A second wait, should the retry come before the receiver is back on a slow machine.
  vi.stubEnv("WEBHOOK_RETRY_SCHEDULE", `${RETRY_WAIT_S},1`);
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  await startWorkers();
  receiver = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

const subscribe = async (t: TestTenant) =>
  (await subscribeEndpoint(t, receiver.url(PATH), { events: ["lead.created"] })).id;

async function createLead(t: TestTenant, name: string): Promise<string> {
  const res = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/leads", { key: t.key, body: { name } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** The endpoint's jobs of an attempt (1: first attempts, 2: retries) in pg-boss's queue: those
 * waiting, or with `anyState` those run too. */
async function queuedJobs(
  endpointId: string,
  { attempt = 1, anyState = false } = {},
): Promise<{ startAfter: Date; tier: string | null }[]> {
  const { rows } = await jobExecutor(await getDb()).executeSql(
    `select start_after as "startAfter", group_tier as tier from pgboss.job
     where name = 'deliver-webhook' and group_id = $1 and (state = 'created' or $3) and data->>'attempt' = $2`,
    [endpointId, String(attempt), anyState],
  );
  return rows.map((row) => ({ startAfter: new Date(row.startAfter as string), tier: row.tier as string | null }));
}

async function endpointRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

describe("an endpoint whose receiver fails", () => {
  it("holds its other deliveries until the retry, and sends them all once the retry succeeds", async () => {
    const t = await createTenant();
    const endpointId = await subscribe(t);
    // The first request fails after a second: meanwhile the second event's job is queued behind
    // it (the cap of 1), due now.
    receiver.respond({ status: 500, delayMs: 1_000 }, PATH);
    await createLead(t, "First");
    await receiver.waitFor(1, { path: PATH, timeoutMs: 20_000 });
    await createLead(t, "Second");

    const held = await waitUntil("the failure to hold the endpoint", async () => {
      const row = await endpointRow(endpointId);
      return row.deliveriesHeldUntil && row;
    });
    expect(held.failingSince).not.toBeNull();
    // The queued job moved to the hold (it was due when the failure came).
    await waitUntil("the second event's job", async () => (await queuedJobs(endpointId)).length === 1);
    // A third event, dispatched during the hold: queued for its end.
    receiver.respond({ status: 500 }, PATH);
    await createLead(t, "Third");
    const queued = await waitUntil("the third event's job", async () => {
      const jobs = await queuedJobs(endpointId);
      return jobs.length === 2 && jobs;
    });
    for (const job of queued)
      expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(held.deliveriesHeldUntil!.getTime());
    // The one dispatched during the hold, and the retry, take the failing tier's one slot at a time.
    expect(queued.map((job) => job.tier)).toContain(FAILING_TIER);
    expect((await queuedJobs(endpointId, { attempt: 2, anyState: true })).map((job) => job.tier)).toEqual([
      FAILING_TIER,
    ]);
    // Nothing but the first event reached the receiver while the endpoint was held.
    expect(receiver.received.filter((r) => r.path === PATH)).toHaveLength(1);

    // The receiver is back: the retry succeeds and releases the other two.
    receiver.respond({ status: 200 }, PATH);
    const byEvent = await waitUntil("every event delivered", async () => {
      const { data } = await listDeliveries(t.accountId, endpointId, { limit: 10 });
      const events = Map.groupBy(data, (d) => d.eventId);
      return events.size === 3 && data.filter((d) => d.succeeded).length === 3 && events;
    });
    // The first event failed, then succeeded on its retry; the two held ones were sent once each,
    // after the endpoint came back.
    const attempts = [...byEvent.values()].map((list) =>
      list
        .map((d) => String(d.succeeded))
        .sort()
        .join(),
    );
    expect(attempts.filter((a) => a === "true")).toHaveLength(2);
    expect(attempts.find((a) => a !== "true")).toMatch(/^(false,)+true$/);
    // Nothing of the endpoint's is left in the failing tier.
    expect((await queuedJobs(endpointId, { anyState: true })).filter((job) => job.tier !== null)).toEqual([]);
    const released = await endpointRow(endpointId);
    expect(released.failingSince).toBeNull();
    expect(released.deliveriesHeldUntil).toBeNull();
  }, 60_000);
});

describe("extendedHold", () => {
  const now = Date.parse("2026-12-07T12:00:00Z");
  const at = (ms: number) => new Date(now + ms);

  it("lasts until the retry has had its answer, the retry at most a minute away", () => {
    expect(extendedHold(null, at(5_000), 10_000, now)).toEqual(at(16_000));
    expect(extendedHold(null, at(300_000), 10_000, now)).toEqual(at(71_000));
  });

  it("is left as it is while it has more than half a minute to run", () => {
    expect(extendedHold(at(31_000), at(300_000), 10_000, now)).toBeNull();
    expect(extendedHold(at(29_000), at(300_000), 10_000, now)).toEqual(at(71_000));
  });
});
