import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startWorkers } from "@/lib/jobs/start-workers";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import type { DataBody, ListBody, SomeBody } from "../../helpers/api-bodies";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// The delivery log through the API (issue 32: the log is the whole truth, and an integrator who
// has run Svix's webhooks reads and resends attempts without the web UI). Real pg-boss workers in
// this process and a real receiver on loopback.

type Delivery = {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  trigger: "scheduled" | "manual";
  status: "succeeded" | "failed" | "skipped";
  httpStatus: number | null;
  error: string | null;
  skippedReason: string | null;
  nextAttemptAt: string | null;
};

let receiver: WebhookReceiver;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_RETRY_SCHEDULE", "60");
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  await startWorkers();
  receiver = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

const unique = () => `/${Math.random().toString(36).slice(2)}`;

const subscribe = async (t: TestTenant, url: string, enabled = true) =>
  (await subscribeEndpoint(t, url, { events: ["lead.created"], enabled })).id;

const deliveries = (key: string, endpointId: string, query = "") =>
  callApi<ListBody<Delivery> & SomeBody>("GET", `/api/v1/webhook-endpoints/${endpointId}/deliveries${query}`, { key });

/** The endpoint's log through the API once it has `count` attempts. */
async function logOf(t: TestTenant, endpointId: string, count: number): Promise<Delivery[]> {
  let page: Delivery[] = [];
  await expect
    .poll(async () => (page = (await deliveries(t.key, endpointId, "?limit=100")).body.data).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
  return page;
}

describe("GET /webhook-endpoints/{id}/deliveries", () => {
  it("lists the endpoint's attempts newest first, by status and by event; another account's endpoint is not found", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const path = unique();
    const healthy = await subscribe(t, receiver.url(path));
    const refused = await subscribe(t, "http://127.0.0.1:9/refused");
    const disabled = await subscribe(t, receiver.url(unique()), false);
    const lead = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Logged" },
    });
    expect(lead.status).toBe(201);

    const [delivered] = await logOf(t, healthy, 1);
    expect(delivered).toMatchObject({
      endpointId: healthy,
      eventType: "lead.created",
      attempt: 1,
      trigger: "scheduled",
      status: "succeeded",
      httpStatus: 200,
      error: null,
      skippedReason: null,
      nextAttemptAt: null,
    });
    expect(delivered.id).toMatch(/^whd_/);
    expect(delivered.eventId).toMatch(/^evt_/);

    const [failed] = await logOf(t, refused, 1);
    expect(failed).toMatchObject({ status: "failed", httpStatus: null, error: expect.any(String) });
    expect(failed.nextAttemptAt).not.toBeNull(); // the schedule tries again in 60 s
    const [skipped] = await logOf(t, disabled, 1);
    expect(skipped).toMatchObject({ status: "skipped", skippedReason: "endpoint_disabled", httpStatus: null });

    // Each status filter finds its own and nothing else.
    for (const [endpoint, status, count] of [
      [healthy, "succeeded", 1],
      [healthy, "failed", 0],
      [refused, "failed", 1],
      [refused, "skipped", 0],
      [disabled, "skipped", 1],
      [disabled, "failed", 0],
    ] as const) {
      const page = await deliveries(t.key, endpoint, `?status=${status}`);
      expect(page.status, `${status} of ${endpoint}`).toBe(200);
      expect(page.body.data.map((d) => d.status)).toEqual(Array(count).fill(status));
    }
    expect((await deliveries(t.key, healthy, `?eventId=${delivered.eventId}`)).body.data).toHaveLength(1);
    expect((await deliveries(t.key, healthy, "?eventId=evt_none")).body.data).toHaveLength(0);

    const bad = await deliveries(t.key, healthy, "?status=pending");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "validation_error", details: [{ path: "status" }] });
    const elsewhere = await deliveries(other.key, healthy);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toMatchObject({ code: "not_found" });
  });
});

describe("POST /webhook-endpoints/{id}/deliveries/{deliveryId}/resend", () => {
  it("sends once for resends sent at once; refuses another endpoint's delivery, another account, a disabled endpoint", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, receiver.url(path));
    const second = await subscribe(t, receiver.url(unique()));
    await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Resent" } });
    await receiver.waitFor(1, { path });
    const [first] = await logOf(t, endpoint, 1);
    const resend = (key: string, endpointId: string, deliveryId = first.id) =>
      callApi<DataBody<{ attempt: number }> & SomeBody>(
        "POST",
        `/api/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend`,
        { key },
      );

    // The receiver takes a second to answer: the first resend is then still in flight (its claim
    // held) while the others arrive, as two clicks or two retries of one call would.
    receiver.respond({ status: 200, delayMs: 1000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => resend(t.key, endpoint)));
    expect(answers.map((a) => [a.status, a.body.data?.attempt])).toEqual(Array(5).fill([202, 2]));
    const log = await logOf(t, endpoint, 2);
    receiver.respond({ status: 200 });
    expect(log.map((d) => [d.attempt, d.trigger, d.status])).toEqual([
      [2, "manual", "succeeded"],
      [1, "scheduled", "succeeded"],
    ]);
    // Every attempt of one event carries its id as webhook-id.
    const sent = receiver.received.filter((r) => r.path === path);
    expect(sent.map((r) => r.headers["webhook-id"])).toEqual([first.eventId, first.eventId]);

    // The delivery exists, but not under that endpoint, nor for another account.
    expect((await resend(t.key, second)).status).toBe(404);
    const foreign = await resend(other.key, endpoint);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: "not_found" });

    await callApi("PATCH", `/api/v1/webhook-endpoints/${endpoint}`, { key: t.key, body: { enabled: false } });
    const off = await resend(t.key, endpoint);
    expect(off.status).toBe(409);
    expect(off.body.error).toMatchObject({ code: "webhook_endpoint_disabled" });
    // Nothing more was sent: the two attempts are all the receiver got.
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(2);
  });
});
