import { context, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
// Next's own tracer: internal, but what `next start` makes its spans with.
import { getTracer as getNextTracer } from "next/dist/server/lib/trace/tracer";
import { startOtlpReceiver, type OtlpReceiver } from "../helpers/otlp-receiver";

// Tracing in one process: off (the environment does not ask) leaves @opentelemetry/api its
// no-op; on, a request runs in a span that says what it was, its log line carries the span's
// ids, and shutdownTracing() sends what is queued. Off first: registration is once per process.

type Modules = {
  tracing: typeof import("@/lib/observability/tracing");
  traced: typeof import("@/lib/observability/trace-api-request");
  logger: typeof import("@/lib/log/logger").logger;
};
let m: Modules;
let otlp: OtlpReceiver;

beforeAll(async () => {
  vi.stubEnv("LOG_LEVEL", "info"); // read when the logger loads
  for (const name of ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_SERVICE_NAME"]) {
    vi.stubEnv(name, "");
  }
  vi.resetModules();
  m = {
    tracing: await import("@/lib/observability/tracing"),
    traced: await import("@/lib/observability/trace-api-request"),
    logger: (await import("@/lib/log/logger")).logger,
  };
  otlp = await startOtlpReceiver();
});

afterAll(async () => {
  await m.tracing.shutdownTracing();
  await otlp.close();
  vi.unstubAllEnvs();
});

/** The JSON lines the logger writes while `fn` runs (and the turn after it). */
async function logLines(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    await fn();
    await new Promise((resolve) => setImmediate(resolve));
    return out.mock.calls.flatMap(([chunk]) =>
      String(chunk)
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
  } finally {
    out.mockRestore();
  }
}

const facts = (status: number) => ({
  requestId: "req_test",
  apiKey: { id: "key_123", accountId: "acc_456" },
  method: "POST",
  route: "POST /leads",
  status,
  errorCode: undefined,
});

/** A route as handler.ts runs one: in traceApiRequest, its report written before it returns. */
const request = (status = 201) =>
  m.traced.traceApiRequest("POST", "POST /leads", async () => {
    m.logger.info("api request", { requestId: "req_test", status });
    m.traced.annotateApiRequestSpan(facts(status));
    return new Response(null, { status });
  });

describe("tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  it("registers nothing: no provider, no context manager, no span, no trace id in the logs", async () => {
    expect(await m.tracing.startTracing("leadprop-web")).toBe(false);
    expect(m.tracing.activeTracing()).toBeUndefined();
    // The API's own no-ops: spans record nothing and no context is carried.
    const span = trace.getTracer("any").startSpan("x");
    expect(span.isRecording()).toBe(false);
    expect(context.with(trace.setSpan(ROOT_CONTEXT, span), () => context.active())).toBe(ROOT_CONTEXT);
    const lines = await logLines(() => request());
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty("traceId");
    expect(lines[0]).not.toHaveProperty("spanId");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otlp.requests).toHaveLength(0);
  });
});

describe("tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set)", () => {
  beforeAll(async () => {
    vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", otlp.endpoint);
    vi.stubEnv("OTEL_BSP_SCHEDULE_DELAY", "50");
    expect(await m.tracing.startTracing("leadprop-web")).toBe(true);
  });

  it("a request outside Next gets a server span of its own, with route, method, status, key and account ids", async () => {
    const lines = await logLines(() => request(201));
    const [span] = await otlp.waitFor((spans) => spans.some((s) => s.name === "POST /api/v1/leads"));
    expect(span).toMatchObject({
      name: "POST /api/v1/leads",
      kind: 2,
      parentSpanId: undefined,
      attributes: {
        "http.route": "/api/v1/leads",
        "http.request.method": "POST",
        "http.response.status_code": 201,
        "leadprop.api_key.id": "key_123",
        "leadprop.account.id": "acc_456",
        "leadprop.request_id": "req_test",
      },
      resource: { "service.name": "leadprop-web" },
    });
    // The request's log line names the span it was written in.
    expect(lines).toEqual([
      expect.objectContaining({ msg: "api request", traceId: span.traceId, spanId: span.spanId }),
    ]);
  });

  it("under Next: the request's only span is the API's own, the root of its trace (Next makes none)", async () => {
    // Next's own tracer, asked for the spans `next start` makes of an /api/v1 request, nested as
    // it nests them (its request span, then the route's: bench/README.md, scenario 14).
    const next = getNextTracer();
    const nextSpan = (type: string, run: () => Promise<unknown>, attributes = {}) =>
      next.trace(type as never, { attributes }, run);
    const lines = await logLines(() =>
      nextSpan(
        "BaseServer.handleRequest",
        async () => {
          await nextSpan("NextNodeServer.findPageComponents", () =>
            nextSpan("LoadComponents.loadRouteModule", async () => {}),
          );
          await nextSpan("RouteModule.prepare", async () => {});
          await nextSpan("AppRouteRouteHandlers.runHandler", () => request(500));
          await nextSpan("NextNodeServer.startResponse", async () => {});
        },
        { "http.method": "POST", "http.target": "/api/v1/leads" },
      ),
    );
    const traceId = lines[0].traceId as string;
    const spans = await otlp.waitFor((all) => all.some((s) => s.traceId === traceId));
    await new Promise((resolve) => setTimeout(resolve, 200)); // four export intervals: nothing more of it
    expect(spans.filter((s) => s.traceId === traceId)).toEqual([
      expect.objectContaining({
        name: "POST /api/v1/leads",
        kind: 2,
        parentSpanId: undefined,
        attributes: {
          "http.route": "/api/v1/leads",
          "http.request.method": "POST",
          "http.response.status_code": 500,
          "error.type": "500",
          "leadprop.api_key.id": "key_123",
          "leadprop.account.id": "acc_456",
          "leadprop.request_id": "req_test",
        },
        status: 2, // a 5xx is an error
      }),
    ]);
    expect(lines[0]).toMatchObject({ spanId: spans.find((s) => s.traceId === traceId)!.spanId });
  });

  it("Next's instrumentation stays off: no span for a page, a probe or a route module's load", async () => {
    const next = getNextTracer();
    const recording = (attributes: Record<string, string>, type = "BaseServer.handleRequest") =>
      next.trace(type as never, { attributes }, (span) => span?.isRecording() ?? false);
    expect(recording({ "http.method": "GET", "http.target": "/leads" })).toBe(false);
    expect(recording({ "http.method": "GET", "http.target": "/api/health/ready" })).toBe(false);
    expect(recording({ "http.method": "GET", "http.target": "/api/metrics" })).toBe(false);
    expect(recording({}, "LoadComponents.loadRouteModule")).toBe(false);
    // Nor does any other library that asks @opentelemetry/api for a tracer (pg-boss is given ours).
    expect(trace.getTracer("any").startSpan("x").isRecording()).toBe(false);
  });

  it("a worker batch of several jobs gets a span per job under pg-boss's batch span; of one, none", async () => {
    const { traceJobBatch } = await import("@/lib/observability/trace-jobs");
    const tracer = m.tracing.activeTracing()!.provider.getTracer("pg-boss"); // as jobTracingOptions() gives it
    const jobs = [
      { id: "job-a", retryCount: 0 },
      { id: "job-b", retryCount: 2 },
    ];
    const batchSpan = await tracer.startActiveSpan("process deliver-webhook", async (span) => {
      await expect(traceJobBatch("deliver-webhook", jobs, () => Promise.reject(new Error("down")))).rejects.toThrow();
      await traceJobBatch("deliver-webhook", [{ id: "job-c", retryCount: 0 }], async () => {});
      span.end();
      return span.spanContext();
    });
    const spans = await otlp.waitFor((all) => all.some((s) => s.spanId === batchSpan.spanId));
    const perJob = spans.filter((s) => s.parentSpanId === batchSpan.spanId);
    expect(
      perJob.map((s) => [s.name, s.attributes["messaging.message.id"], s.attributes["pgboss.job.retry_count"]]),
    ).toEqual([
      ["job deliver-webhook", "job-a", 0],
      ["job deliver-webhook", "job-b", 2],
    ]);
    expect(perJob.map((s) => s.status)).toEqual([2, 2]); // the batch failed: so did each job
  });

  it("a line outside any span has no trace id; shutdownTracing() is safe twice", async () => {
    const lines = await logLines(async () => m.logger.info("outside"));
    expect(lines[0]).not.toHaveProperty("traceId");
    await m.tracing.shutdownTracing();
    await m.tracing.shutdownTracing();
    expect(m.tracing.activeTracing()).toBeUndefined();
  });
});
