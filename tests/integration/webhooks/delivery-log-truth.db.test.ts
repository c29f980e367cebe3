import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startWorkers } from "@/lib/jobs/start-workers";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// Issue 32, part 5: the delivery log tells the whole truth. Real pg-boss workers in this process,
// a real receiver on loopback; the retry schedule and the timeout are shrunk for the test.

let receiver: WebhookReceiver;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_RETRY_SCHEDULE", "0.2,0.2");
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "3000");
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  await startWorkers();
  receiver = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

type Endpoint = { id: string };

const unique = () => `/${Math.random().toString(36).slice(2)}`;

async function subscribe(t: TestTenant, path: string): Promise<Endpoint> {
  const res = await callApi<DataBody<Endpoint>>("POST", "/api/v1/webhook-endpoints", {
    key: t.key,
    body: { url: receiver.url(path), events: ["*"] },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

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
});
