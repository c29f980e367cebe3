import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startWorkers } from "@/lib/jobs/start-workers";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { limitThroughRealRedis } from "../api/setup-api-tests";
import { waitUntil } from "../jobs/wait-until";

limitThroughRealRedis();

// Issue 32: a delivery job is completed as soon as its attempt is logged, not when the last
// request of its batch ends. A job still running holds its endpoint's in-flight slot
// (WEBHOOK_ENDPOINT_CONCURRENCY, here 1), so a batch that also held a request to a receiver that
// never answers kept a healthy endpoint at its cap for the whole timeout: its next deliveries
// waited 10 s behind another endpoint's dead receiver. Real workers in this process, a real
// receiver; polling at 30 s, so what runs is what a send or a completion woke.

const SLOW = "/never-answers";
const FAST = "/answers-at-once";
let receiver: WebhookReceiver;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_ENDPOINT_CONCURRENCY", "1");
  // Long enough that every delivery to the healthy endpoint is made while the first request to
  // the dead one is still waiting, however loaded the machine.
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "30000");
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "30");
  await startWorkers();
  receiver = await startWebhookReceiver();
  receiver.respond({ status: 200, delayMs: 120_000 }, SLOW);
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

const subscribe = async (t: TestTenant, path: string) =>
  (await subscribeEndpoint(t, receiver.url(path), { events: ["lead.created"] })).id;

const createLead = async (t: TestTenant, name: string) =>
  expect((await callApi("POST", "/api/v1/leads", { key: t.key, body: { name } })).status).toBe(201);

describe("a delivery batch with a receiver that never answers", () => {
  it("completes the healthy endpoint's job at once, so its next deliveries go while the dead one waits", async () => {
    const t = await createTenant();
    const slow = await subscribe(t, SLOW);
    const fast = await subscribe(t, FAST);

    // One event: a job for each endpoint, taken in one batch (one of each group fits the cap).
    await createLead(t, "First");
    await receiver.waitFor(1, { path: SLOW, timeoutMs: 20_000 });
    await receiver.waitFor(1, { path: FAST, timeoutMs: 20_000 });

    // Two more: the healthy endpoint's jobs can only start once its first job is completed.
    await createLead(t, "Second");
    await createLead(t, "Third");
    await receiver.waitFor(3, { path: FAST, timeoutMs: 20_000 });

    // All three went while the first request to the dead receiver is still open: its attempt is
    // not logged yet, and its endpoint's other jobs wait behind it (the cap of 1).
    const logged = await waitUntil("the healthy endpoint's three attempts logged", async () => {
      const { data } = await listDeliveries(t.accountId, fast, { limit: 10 });
      return data.length === 3 && data;
    });
    expect(logged.map((d) => d.succeeded)).toEqual([true, true, true]);
    expect(receiver.received.filter((r) => r.path === SLOW)).toHaveLength(1);
    expect((await listDeliveries(t.accountId, slow, { limit: 10 })).data).toEqual([]);
  });
});
