import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, migratePostgres } from "@/db/client";
import { createQueues } from "@/lib/jobs/start-workers";
import { stopEventDispatcher } from "@/lib/webhooks/dispatch/event-dispatcher";
import { createTenant, type TestTenant } from "../../helpers/api";
import { startOtlpReceiver, type OtlpReceiver } from "../../helpers/otlp-receiver";
import { killAndWait, spawnTsx, type Spawned } from "../../helpers/spawn-process";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { createTestDatabase, dropTestDatabase } from "../../setup/test-database";

// Traces end to end, in real processes: an API server (the real /api/v1 handlers, tracing
// registered as instrumentation.ts does) and an `npm run worker` process, both exporting to a
// local OTLP/HTTP receiver. A subscribed POST /leads is one trace from the request's span to the
// delivery job's span; the request's log line carries its trace id; the webhook receiver gets
// nothing of it. Then the same without OTEL_EXPORTER_OTLP_ENDPOINT: nothing exported, no ids logged.
// PostgreSQL only (two processes share the database), on a database of its own.

const SPAN_KIND = { server: 2, producer: 4, consumer: 5 } as const;

let database: { name: string; url: string };
let otlp: OtlpReceiver;
let receiver: WebhookReceiver;

function env(extra: Record<string, string>): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    SKIP_MIGRATIONS: "1",
    LOG_LEVEL: "info",
    JOBS_POLLING_INTERVAL_SECONDS: "0.5",
    JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
    WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
    WEBHOOK_RETRY_SCHEDULE: "1",
    REDIS_URL: "",
    UPSTASH_REDIS_REST_URL: "",
    OTEL_EXPORTER_OTLP_ENDPOINT: "",
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "",
    OTEL_SERVICE_NAME: "",
    ...extra,
  };
}

interface App {
  base: string;
  server: Spawned;
  worker: Spawned;
  stop: () => Promise<void>;
}

async function startApp(environment: Record<string, string>): Promise<App> {
  const [server, worker] = await Promise.all([
    spawnTsx("tests/helpers/traced-api-server.ts", environment, /listening (\d+)/, 120_000),
    spawnTsx("scripts/worker.ts", environment, /"msg":"worker started"/, 120_000),
  ]);
  return {
    base: `http://127.0.0.1:${server.match[1]}`,
    server,
    worker,
    stop: async () => void (await Promise.all([killAndWait(server.child), killAndWait(worker.child)])),
  };
}

async function post(app: App, t: TestTenant, path: string, body: object) {
  const res = await fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { requestId: res.headers.get("x-request-id")!, body: (await res.json()) as { data: { id: string } } };
}

/** The JSON log lines a process wrote. */
const logLines = (process: Spawned) =>
  process
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  database = await createTestDatabase("tracing");
  await migratePostgres(database.url);
  process.env.DATABASE_URL = database.url; // before anything in this process opens the database
  vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "1");
  await createQueues(); // pg-boss's schema, once, before two processes start on it
  // This process traces nothing: its dispatcher would send some events' deliveries outside the
  // write's trace. The traced servers dispatch.
  await stopEventDispatcher();
  [otlp, receiver] = await Promise.all([startOtlpReceiver(), startWebhookReceiver()]);
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await otlp?.close();
  await closeDb();
  if (database) await dropTestDatabase(database.name);
});

describe("tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set)", () => {
  let app: App;
  let t: TestTenant;
  beforeAll(async () => {
    app = await startApp(env({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint, OTEL_BSP_SCHEDULE_DELAY: "100" }));
    t = await createTenant();
  }, 180_000);
  afterAll(() => app?.stop());

  it("a subscribed POST /leads and its webhook delivery are one trace; the receiver sees none of it", async () => {
    await post(app, t, "/api/v1/webhook-endpoints", { url: receiver.url("/on"), events: ["lead.created"] });
    const { requestId } = await post(app, t, "/api/v1/leads", { name: "Traced lead" });
    const [delivery] = await receiver.waitFor(1, { path: "/on", timeoutMs: 30_000 });

    const isRequest = (s: { attributes: Record<string, unknown> }) => s.attributes["leadprop.request_id"] === requestId;
    const spans = await otlp.waitFor((all) => {
      const request = all.find(isRequest);
      return !!request && all.some((s) => s.kind === SPAN_KIND.consumer && s.traceId === request.traceId);
    });
    const request = spans.find(isRequest)!;
    expect(request).toMatchObject({
      name: "POST /api/v1/leads",
      kind: SPAN_KIND.server,
      attributes: {
        "http.route": "/api/v1/leads",
        "http.request.method": "POST",
        "http.response.status_code": 201,
        "leadprop.api_key.id": t.keyId,
        "leadprop.account.id": t.accountId,
      },
      resource: { "service.name": "leadprop-web" },
    });
    const trace = spans.filter((s) => s.traceId === request.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors = (span: (typeof trace)[number]) => {
      const chain = [];
      for (let p = span.parentSpanId; p && byId.has(p); p = byId.get(p)!.parentSpanId) chain.push(byId.get(p)!);
      return chain;
    };
    // The job was sent inside the request (a producer span under it), and the worker's span for
    // it continues that trace: queue, job id and attempt on it.
    const send = trace.find((s) => s.kind === SPAN_KIND.producer)!;
    expect(send.attributes["messaging.destination.name"]).toBe("deliver-webhook");
    expect(ancestors(send)).toContain(request);
    const job = trace.find((s) => s.kind === SPAN_KIND.consumer)!;
    expect(job).toMatchObject({
      attributes: { "messaging.destination.name": "deliver-webhook", "pgboss.job.retry_count": 0 },
      resource: { "service.name": "leadprop-worker" },
    });
    expect(job.attributes["messaging.message.id"]).toEqual(expect.any(String));
    expect(ancestors(job)).toEqual(expect.arrayContaining([send, request]));

    // The request's log line names its trace and span.
    const line = logLines(app.server).find((l) => l.msg === "api request" && l.requestId === requestId);
    expect(line).toMatchObject({ traceId: request.traceId, spanId: request.spanId });

    // Nothing of the trace reaches the receiver: no propagation header, no id in the body.
    for (const header of ["traceparent", "tracestate", "baggage"]) expect(delivery.headers).not.toHaveProperty(header);
    for (const id of [request.traceId, request.spanId, send.spanId, job.spanId]) {
      expect(delivery.body).not.toContain(id);
      expect(JSON.stringify(delivery.headers)).not.toContain(id);
    }
    expect(delivery.body).not.toContain("traceparent");
    // Nor does the key: spans carry its id only.
    for (const exported of otlp.requests) expect(exported.body).not.toContain(t.key);
  }, 90_000);

  it("a retried delivery stays in the trace of the write behind it", async () => {
    const u = await createTenant();
    await post(app, u, "/api/v1/webhook-endpoints", { url: receiver.url("/retry"), events: ["lead.created"] });
    receiver.respond({ status: 500 });
    const { requestId } = await post(app, u, "/api/v1/leads", { name: "Retried lead" });
    await receiver.waitFor(1, { path: "/retry", timeoutMs: 30_000 });
    receiver.respond({ status: 200 });
    await receiver.waitFor(2, { path: "/retry", timeoutMs: 30_000 });

    const spans = await otlp.waitFor((all) => {
      const request = all.find((s) => s.attributes["leadprop.request_id"] === requestId);
      return !!request && all.filter((s) => s.kind === SPAN_KIND.consumer && s.traceId === request.traceId).length >= 2;
    });
    const request = spans.find((s) => s.attributes["leadprop.request_id"] === requestId)!;
    const jobs = spans.filter((s) => s.kind === SPAN_KIND.consumer && s.traceId === request.traceId);
    expect(jobs.map((s) => s.attributes["messaging.destination.name"])).toEqual(["deliver-webhook", "deliver-webhook"]);
  }, 90_000);

  it("three jobs of one write: each continues its trace, or is a span in a batch linked to its send", async () => {
    const u = await createTenant();
    for (const path of ["/batch-1", "/batch-2", "/batch-3"]) {
      await post(app, u, "/api/v1/webhook-endpoints", { url: receiver.url(path), events: ["lead.created"] });
    }
    // One write, three delivery jobs sent in one statement: a worker's poll usually takes them as
    // one batch, though two of the worker's pollers may share them.
    const { requestId } = await post(app, u, "/api/v1/leads", { name: "Fanned-out lead" });
    for (const path of ["/batch-1", "/batch-2", "/batch-3"]) await receiver.waitFor(1, { path, timeoutMs: 30_000 });

    const shapes = (all: ReceivedSpans) => {
      const request = all.find((s) => s.attributes["leadprop.request_id"] === requestId);
      const send = all.find((s) => s.kind === SPAN_KIND.producer && s.traceId === request?.traceId);
      const consumer = all.filter((s) => s.kind === SPAN_KIND.consumer);
      // A batch of one: pg-boss's span continues the request's trace, under the send.
      const alone = consumer.filter((s) => send && s.parentSpanId === send.spanId);
      // A batch of several: a trace of its own, linked to the send, with a span per job under it.
      const batches = consumer.filter((s) => send && s.links.some((link) => link.spanId === send.spanId));
      const perJob = all.filter(
        (s) => s.name === "job deliver-webhook" && batches.some((b) => b.spanId === s.parentSpanId),
      );
      return { alone, batches, perJob };
    };
    const { alone, batches, perJob } = shapes(
      await otlp.waitFor((all) => {
        const { alone, perJob } = shapes(all);
        return alone.length + perJob.length === 3;
      }),
    );
    const ids = [...alone, ...perJob].map((s) => s.attributes["messaging.message.id"]);
    expect(new Set(ids).size).toBe(3);
    for (const batch of batches) {
      const mine = perJob.filter((s) => s.parentSpanId === batch.spanId);
      expect(batch.attributes["messaging.batch.message_count"]).toBe(mine.length);
      for (const job of mine) {
        expect(job.attributes).toMatchObject({
          "messaging.destination.name": "deliver-webhook",
          "pgboss.job.retry_count": 0,
        });
      }
    }
  }, 90_000);
});

type ReceivedSpans = OtlpReceiver["spans"];

describe("tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  let app: App;
  let t: TestTenant;
  beforeAll(async () => {
    // The service name alone does not turn it on.
    app = await startApp(env({ OTEL_SERVICE_NAME: "leadprop-off", OTEL_BSP_SCHEDULE_DELAY: "100" }));
    t = await createTenant();
  }, 180_000);
  afterAll(() => app?.stop());

  it("exports nothing, logs no trace ids, and delivers without trace headers", async () => {
    const exportedBefore = otlp.requests.length;
    await post(app, t, "/api/v1/webhook-endpoints", { url: receiver.url("/off"), events: ["lead.created"] });
    const { requestId } = await post(app, t, "/api/v1/leads", { name: "Untraced lead" });
    const [delivery] = await receiver.waitFor(1, { path: "/off", timeoutMs: 30_000 });
    expect(delivery.headers).not.toHaveProperty("traceparent");

    const line = logLines(app.server).find((l) => l.msg === "api request" && l.requestId === requestId);
    expect(line).toBeDefined();
    for (const process of [app.server, app.worker]) {
      for (const l of logLines(process)) {
        expect(l).not.toHaveProperty("traceId");
        expect(l).not.toHaveProperty("spanId");
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // ten export intervals
    expect(otlp.requests.length).toBe(exportedBefore);
  }, 90_000);
});
