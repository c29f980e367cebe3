import { context, type TextMapPropagator, type Tracer, type TracerProvider } from "@opentelemetry/api";

// OpenTelemetry traces, sent over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT (or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. Unset, startTracing() returns at once: no SDK module
// is loaded, no provider, context manager or propagator is registered, and @opentelemetry/api
// stays its no-op (no span is made; trace.getActiveSpan() answers undefined).
//
// Called once per process, first thing: by instrumentation.ts in a web process and by
// runWorkerProcess() in `npm run worker`. The exporter reads the rest of the standard
// environment itself (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _CERTIFICATE…).
//
// No global tracer provider is registered, only the context manager: the spans are the API's
// (trace-api-request.ts), pg-boss's (given this provider: trace-jobs.ts) and the worker's
// (trace-jobs.ts), all made with this provider. Next's own instrumentation turns on once a global
// provider is, and then made six spans of every request (its request span, resolve page
// components, load route module, prepare route module, executing api route, start response) that
// said nothing the API's own span does not; with them dropped by the sampler, its context
// switches and the SDK's work for each still cost ~3 times what the API's span does
// (bench/README.md, scenario 14). So Next's pages and server actions are not traced.
//
// No global propagator is registered: /api/v1 is public, so an incoming `traceparent` neither
// chooses our trace ids nor our sampling. Jobs carry their trace context with a propagator of
// their own (lib/jobs/boss.ts).

interface Tracing {
  provider: TracerProvider & { forceFlush(): Promise<void>; shutdown(): Promise<void> };
  tracer: Tracer;
  /** W3C trace context only (no baggage): what a job stores of the request that caused it. */
  jobPropagator: TextMapPropagator;
}

// On globalThis: a Next server loads this module in several module graphs (instrumentation.ts,
// each route), and all of them must see the one provider.
const globalForTracing = globalThis as unknown as { __lpmTracing?: Tracing; __lpmTracingStart?: Promise<boolean> };

/** Whether the environment asks for traces. */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === "true") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Registers tracing for this process when the environment asks for it; true when it did.
 * `serviceName` is the default for OTEL_SERVICE_NAME ("leadprop-web", "leadprop-worker"). */
export function startTracing(serviceName: string): Promise<boolean> {
  if (!tracingConfigured()) return Promise.resolve(false);
  return (globalForTracing.__lpmTracingStart ??= register(serviceName));
}

/** The registered tracing, or undefined when it is off (every helper's first check). */
export function activeTracing(): Tracing | undefined {
  return globalForTracing.__lpmTracing;
}

/** Exports the spans still queued and stops the provider. For graceful shutdown; safe to call
 * when tracing is off, and more than once. */
export async function shutdownTracing(): Promise<void> {
  const tracing = globalForTracing.__lpmTracing;
  if (!tracing) return;
  globalForTracing.__lpmTracing = undefined;
  await tracing.provider.shutdown().catch(() => {});
}

async function register(serviceName: string): Promise<boolean> {
  const [sdk, { OTLPTraceExporter }, resources, { AsyncLocalStorageContextManager }, core, semconv] = await Promise.all(
    [
      import("@opentelemetry/sdk-trace"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/context-async-hooks"),
      import("@opentelemetry/core"),
      import("@opentelemetry/semantic-conventions"),
    ],
  );
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over the default name.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: serviceName }))
    .merge(
      resources.detectResources({
        detectors: [resources.hostDetector, resources.serviceInstanceIdDetector, resources.envDetector],
      }),
    );
  const number = (name: string) => core.getNumberFromEnv(name);
  const provider = new sdk.TracerProvider({
    resource,
    sampler: samplerFromEnv(sdk, number("OTEL_TRACES_SAMPLER_ARG")),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: number("OTEL_BSP_SCHEDULE_DELAY"),
        maxQueueSize: number("OTEL_BSP_MAX_QUEUE_SIZE"),
        maxExportBatchSize: number("OTEL_BSP_MAX_EXPORT_BATCH_SIZE"),
        exportTimeoutMillis: number("OTEL_BSP_EXPORT_TIMEOUT"),
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  globalForTracing.__lpmTracing = {
    provider,
    tracer: provider.getTracer("leadprop"),
    jobPropagator: new core.W3CTraceContextPropagator(),
  };
  // A process that ends by running out of work still sends its last spans (the processor's
  // timer does not keep it alive). Signals: the graceful shutdown calls shutdownTracing().
  process.once("beforeExit", () => void shutdownTracing());
  return true;
}

type Sdk = typeof import("@opentelemetry/sdk-trace");
type Sampler = import("@opentelemetry/sdk-trace").Sampler;

/** OTEL_TRACES_SAMPLER (+ _ARG) as the specification names them (default parentbased_always_on). */
function samplerFromEnv(sdk: Sdk, ratio = 1): Sampler {
  const root = (name: string) =>
    name.endsWith("always_off")
      ? new sdk.AlwaysOffSampler()
      : name.endsWith("traceidratio")
        ? new sdk.TraceIdRatioBasedSampler(ratio)
        : new sdk.AlwaysOnSampler();
  const name = process.env.OTEL_TRACES_SAMPLER ?? "parentbased_always_on";
  return name.startsWith("parentbased_") ? new sdk.ParentBasedSampler({ root: root(name) }) : root(name);
}
