import { SpanStatusCode } from "@opentelemetry/api";
import type { OpenTelemetryOptions } from "pg-boss";
import { activeTracing } from "./tracing";

// Jobs in traces. pg-boss 12 traces itself (https://pgboss.io/opentelemetry): a PRODUCER span
// per send, inside whatever span is active (a request's), a CONSUMER span per batch a worker
// processes, and a CLIENT span per settle. With propagateContext it stores the sender's trace
// context on the job, in a column of its own (never in the job's data, so no handler can pass it
// on, and no webhook carries it), and a batch of one job continues that trace; a larger batch is
// a trace of its own that links to each job's send. With tracing off pg-boss is told so and makes
// no span at all.

/** pg-boss's `openTelemetry` option: on with tracing, storing the W3C trace context (no baggage),
 * with the process's tracer provider (there is no global one: tracing.ts). */
export function jobTracingOptions(): OpenTelemetryOptions {
  const tracing = activeTracing();
  if (!tracing) return { enabled: false };
  return {
    enabled: true,
    propagateContext: true,
    propagator: tracing.jobPropagator,
    tracerProvider: tracing.provider,
  };
}

interface TracedJob {
  id: string;
  retryCount?: number;
}

/** Runs a worker's batch. Of several jobs, each gets a span of its own (queue, job id, attempt)
 * under pg-boss's span for the batch; a batch of one is pg-boss's span, which says the same. */
export async function traceJobBatch(queue: string, batch: readonly TracedJob[], run: () => Promise<void>) {
  const tracing = activeTracing();
  if (!tracing || batch.length < 2) return run();
  const spans = batch.map((job) =>
    tracing.tracer.startSpan(`job ${queue}`, {
      attributes: {
        "messaging.system": "pg-boss",
        "messaging.destination.name": queue,
        "messaging.message.id": job.id,
        "pgboss.job.retry_count": job.retryCount,
      },
    }),
  );
  try {
    await run();
  } catch (error) {
    for (const span of spans) span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}
