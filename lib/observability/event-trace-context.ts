import { context, defaultTextMapGetter, defaultTextMapSetter, ROOT_CONTEXT } from "@opentelemetry/api";
import { activeTracing } from "./tracing";

// A change's trace context travels with its event (events.trace_context): the dispatcher fans the
// event out later, in another transaction and often another process, and sends the deliveries in
// that context, so a request's trace still reaches the jobs it caused (as pg-boss does for a job
// sent inside the request). W3C trace context only, no baggage; null with tracing off.

/** The active trace context as text, to store with an event; null when there is none to keep. */
export function traceContextOfChange(): string | null {
  const tracing = activeTracing();
  if (!tracing) return null;
  const carrier: Record<string, string> = {};
  tracing.jobPropagator.inject(context.active(), carrier, defaultTextMapSetter);
  return Object.keys(carrier).length ? JSON.stringify(carrier) : null;
}

/** Runs `fn` in the context stored with an event, or in a root context: never in whatever request
 * happened to wake the dispatcher. */
export function inTraceContextOf<T>(stored: string | null, fn: () => T): T {
  const tracing = activeTracing();
  const carrier = tracing && stored ? (JSON.parse(stored) as Record<string, string>) : undefined;
  const ctx = carrier ? tracing!.jobPropagator.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter) : ROOT_CONTEXT;
  return context.with(ctx, fn);
}
