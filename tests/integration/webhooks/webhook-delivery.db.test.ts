import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { getDb } from "@/db/client";
import { setAccountPlan } from "@/lib/accounts/set-account-plan";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { addNote } from "@/lib/activities/add-note";
import { eq } from "drizzle-orm";
import { idempotencyKeys, webhookEndpoints } from "@/db/schema";
import { recordEvent } from "@/lib/events/record-event";
import { startWorkers } from "@/lib/jobs/start-workers";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { rollWebhookSecret } from "@/lib/webhooks/endpoint-secrets";
import { resendDelivery } from "@/lib/webhooks/resend-delivery";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint, type SubscribedEndpoint } from "../../helpers/subscribe-endpoint";
import type { DataBody, ErrorBody, Event, Lead, ListBody } from "../../helpers/api-bodies";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// Real pg-boss workers in this process, a real HTTP receiver on loopback, signatures checked with
// the standardwebhooks library. The retry schedule and the timeout are shrunk for the test.

let receiver: WebhookReceiver;

beforeAll(async () => {
  vi.stubEnv("WEBHOOK_RETRY_SCHEDULE", "0.2,0.2,0.2");
  // 3 s, not less: the receiver runs in this process beside PGlite, whose queries hold the event
  // loop; on a loaded machine a 0.5 s timeout fired before the receiver could answer, the
  // delivery was retried, and an endpoint got an event twice (clean-clone CI).
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "3000");
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  await startWorkers();
  receiver = await startWebhookReceiver();
}, 60_000);

afterAll(async () => {
  await receiver.close();
});

type Endpoint = SubscribedEndpoint;

const subscribe = (t: TestTenant, path: string, events?: string[]) =>
  subscribeEndpoint(t, receiver.url(path), { events });

const verify = (secret: string, hook: ReceivedWebhook) =>
  new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>);

const createLead = async (t: TestTenant, name: string) =>
  (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name } })).body.data;

const unique = () => `/${Math.random().toString(36).slice(2)}`;

/** The endpoint's delivery log, oldest first, once it has `count` attempts. */
async function logOf(t: TestTenant, endpointId: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await listDeliveries(t.accountId, endpointId, { limit: 100 });
    if (page.data.length >= count || Date.now() > deadline) return page.data.reverse();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("webhook delivery", () => {
  it("three endpoints each receive every event they subscribe to, signed, with the event as body", async () => {
    const t = await createTenant();
    const paths = [unique(), unique(), unique()];
    const all = await subscribe(t, paths[0]);
    const leads = await subscribe(t, paths[1], ["lead.created", "lead.status_changed"]);
    const props = await subscribe(t, paths[2], ["property.created"]);
    const lead = await createLead(t, "Hooked");
    await callApi("PATCH", `/api/v1/leads/${lead.id}`, { key: t.key, body: { status: "won" } });
    await callApi("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "P", type: "land", listingType: "sale" },
    });

    const toAll = await receiver.waitFor(3, { path: paths[0] });
    const toLeads = await receiver.waitFor(2, { path: paths[1] });
    const toProps = await receiver.waitFor(1, { path: paths[2] });
    const typeOf = (hook: ReceivedWebhook) => (JSON.parse(hook.body) as Event).type;
    expect(toAll.map(typeOf).sort()).toEqual(["lead.created", "lead.status_changed", "property.created"]);
    expect(toLeads.map(typeOf).sort()).toEqual(["lead.created", "lead.status_changed"]);
    expect(toProps.map(typeOf)).toEqual(["property.created"]);
    for (const hook of toAll) expect(verify(all.secret, hook)).toBeTruthy();
    for (const hook of toLeads) expect(verify(leads.secret, hook)).toBeTruthy();
    expect(verify(props.secret, toProps[0])).toBeTruthy();
    expect(() => verify(leads.secret, toAll[0])).toThrow(); // each endpoint has its own secret

    // The body is the event as GET /events lists it, and webhook-id is its id.
    // Polled: the feed holds back what is younger than the oldest transaction still open.
    const listedCreated = async () =>
      (await callApi<ListBody<Event>>("GET", "/api/v1/events", { key: t.key })).body.data.find(
        (e) => e.type === "lead.created",
      );
    await expect.poll(listedCreated, { timeout: 20_000, interval: 100 }).toBeDefined();
    const created = toAll.find((hook) => typeOf(hook) === "lead.created")!;
    const listed = (await listedCreated())!;
    expect(JSON.parse(created.body)).toEqual(listed);
    expect(created.headers["webhook-id"]).toBe(listed.id);
    expect(created.headers["content-type"]).toBe("application/json");
    expect((await logOf(t, all.id, 3)).every((d) => d.succeeded && d.httpStatus === 200)).toBe(true);
  });

  it("a 500 then a 200: retried on schedule, one success in the log, the same webhook-id", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path, ["lead.created"]);
    receiver.respond({ status: 500 });
    await createLead(t, "Retry me");
    await receiver.waitFor(1, { path });
    receiver.respond({ status: 200 });
    const [first, second] = await receiver.waitFor(2, { path });
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.at - first.at).toBeGreaterThanOrEqual(150); // the 0.2 s (±10 %) schedule

    const log = await logOf(t, endpoint.id, 2);
    expect(log.map((d) => [d.attempt, d.succeeded, d.httpStatus])).toEqual([
      [1, false, 500],
      [2, true, 200],
    ]);
    expect(log[0].nextAttemptAt).not.toBeNull();
    expect(log[0].responseBody).toBe("answered 500");
    expect(log[1].nextAttemptAt).toBeNull();
  });

  it("a slow receiver times out and is retried", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path, ["lead.created"]);
    receiver.respond({ status: 200, delayMs: 6_000 });
    await createLead(t, "Slow");
    await receiver.waitFor(1, { path });
    receiver.respond({ status: 204 });
    const log = await logOf(t, endpoint.id, 2);
    expect(log[0]).toMatchObject({ attempt: 1, succeeded: false, httpStatus: null });
    expect(log[0].error).toMatch(/timeout/i);
    expect(log[1]).toMatchObject({ attempt: 2, succeeded: true, httpStatus: 204 });
  });

  it("410 Gone disables the endpoint at once, with the reason; enabling it again is one PATCH", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path, ["lead.created"]);
    receiver.respond({ status: 410 });
    await createLead(t, "Gone");
    await logOf(t, endpoint.id, 1);
    receiver.respond({ status: 200 });
    const got = await callApi<DataBody<Endpoint>>("GET", `/api/v1/webhook-endpoints/${endpoint.id}`, { key: t.key });
    expect(got.body.data).toMatchObject({ enabled: false, disabledReason: "The endpoint answered 410 Gone." });
    await createLead(t, "Not sent");
    await new Promise((resolve) => setTimeout(resolve, 800));
    // No retry; the next event is logged as skipped, not sent (so it can be resent once enabled).
    const log = await logOf(t, endpoint.id, 2);
    expect(log).toHaveLength(2);
    expect(log.filter((row) => row.skippedReason === "endpoint_disabled")).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(1);

    const enabled = await callApi<DataBody<Endpoint>>("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, {
      key: t.key,
      body: { enabled: true },
    });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("five days without a successful delivery disable the endpoint at its next failure", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path, ["lead.created"]);
    const db = await getDb();
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000);
    await db.update(webhookEndpoints).set({ failingSince: sixDaysAgo }).where(eq(webhookEndpoints.id, endpoint.id));
    receiver.respond({ status: 503 });
    await createLead(t, "Still failing");
    const [attempt] = await logOf(t, endpoint.id, 1);
    receiver.respond({ status: 200 });
    expect(attempt.nextAttemptAt).toBeNull(); // disabled: no retry is scheduled
    const got = await callApi<DataBody<Endpoint>>("GET", `/api/v1/webhook-endpoints/${endpoint.id}`, { key: t.key });
    expect(got.body.data).toMatchObject({ enabled: false, disabledReason: "No delivery succeeded for 5 days." });
  });

  it("after a secret roll both secrets verify, within the overlap", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path, ["lead.created"]);
    const rolled = await rollWebhookSecret(t.accountId, endpoint.id, CLI_AUDIT_ACTOR);
    expect(rolled.secret).not.toBe(endpoint.secret);
    await createLead(t, "Rolled");
    const [hook] = await receiver.waitFor(1, { path });
    expect(String(hook.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(endpoint.secret, hook)).toBeTruthy();
    expect(verify(rolled.secret, hook)).toBeTruthy();
  });

  it("a change that rolls back sends nothing; a test event and a resend go to one endpoint", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path);
    const lead = await createLead(t, "Real");
    await receiver.waitFor(1, { path });
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await recordEvent(
          tx,
          t.accountId,
          { type: "system", id: null, name: "test" },
          {
            type: "lead.updated",
            object: lead,
            previousAttributes: {},
          },
        );
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    const owner = { type: "user" as const, id: t.userId, name: "Owner" };
    const testEventId = await sendTestEvent(t.accountId, endpoint.id, owner);
    const [, test] = await receiver.waitFor(2, { path });
    expect(JSON.parse(test.body)).toMatchObject({
      id: testEventId,
      type: "webhook.test",
      data: { object: { id: endpoint.id } },
    });
    const log = await logOf(t, endpoint.id, 2);
    await resendDelivery(t.accountId, log[1].id);
    const hooks = await receiver.waitFor(3, { path });
    expect(hooks[2].headers["webhook-id"]).toBe(testEventId);
    expect((await logOf(t, endpoint.id, 3))[2]).toMatchObject({ attempt: 2, manual: true, succeeded: true });
    expect(hooks).toHaveLength(3); // the rolled-back event never went out
    // The test event is not a change: the feed does not list it. Polled: the feed holds back
    // what is younger than the oldest transaction still open, and other files run beside this one.
    const feedTypes = async () =>
      (await callApi<ListBody<Event>>("GET", "/api/v1/events", { key: t.key })).body.data.map((e) => e.type);
    await expect.poll(feedTypes, { timeout: 20_000, interval: 100 }).toEqual(["lead.created"]);
    // Another account's delivery is not found.
    const other = await createTenant();
    await expect(resendDelivery(other.accountId, log[1].id)).rejects.toThrow("Delivery not found.");
  });

  it("a create retried with its Idempotency-Key replays the secret, which is stored sealed", async () => {
    const t = await createTenant();
    const headers = { "idempotency-key": `whep-${Math.random()}` };
    const body = { url: receiver.url(unique()), events: ["*"] };
    const first = await callApi<DataBody<Endpoint>>("POST", "/api/v1/webhook-endpoints", { key: t.key, body, headers });
    const again = await callApi<DataBody<Endpoint>>("POST", "/api/v1/webhook-endpoints", { key: t.key, body, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const db = await getDb();
    const stored = JSON.stringify(await db.select().from(idempotencyKeys));
    expect(stored).toContain('"responseSealed":true');
    expect(stored).not.toContain(first.body.data.secret);
    expect(stored).not.toContain(first.body.data.secret.slice(6));
  });

  it("an account off the Agency plan sends nothing; a disabled endpoint takes no test event", async () => {
    const t = await createTenant();
    const path = unique();
    const endpoint = await subscribe(t, path, ["lead.created", "note.created"]);
    const lead = await createLead(t, "Agency lead");
    await receiver.waitFor(1, { path });
    await setAccountPlan(t.accountId, "starter");
    const owner = { type: "user" as const, id: t.userId, name: "Owner" };
    await addNote(t.accountId, lead.id, "Written on the Starter plan", owner); // from the web app
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(1);

    await setAccountPlan(t.accountId, "agency");
    await callApi("PATCH", `/api/v1/webhook-endpoints/${endpoint.id}`, { key: t.key, body: { enabled: false } });
    await expect(sendTestEvent(t.accountId, endpoint.id, owner)).rejects.toThrow("Enable the endpoint");
  });

  it("refuses endpoints on private, loopback, link-local and metadata addresses outside development", async () => {
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "");
    // The embedded database (a developer's own machine) accepts a receiver on this computer.
    const loopbackAccepted = !process.env.DATABASE_URL;
    try {
      const t = await createTenant();
      const loopback = [
        "http://127.0.0.1/hook",
        "https://127.0.0.1/hook",
        "https://[::1]/hook",
        "https://localhost/hook",
      ];
      for (const url of [
        ...loopback,
        "https://169.254.169.254/latest/meta-data",
        "https://10.1.2.3/hook",
        "http://hooks.example.com/hook",
      ]) {
        const res = await callApi<ErrorBody>("POST", "/api/v1/webhook-endpoints", {
          key: t.key,
          body: { url, events: ["*"] },
        });
        if (loopbackAccepted && loopback.includes(url)) {
          expect(res.status, url).toBe(201);
          continue;
        }
        expect(res.status, url).toBe(400);
        expect(res.body.error.details?.[0].path, url).toBe("url");
      }
    } finally {
      vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "1");
    }
  });
});
