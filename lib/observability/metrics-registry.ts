import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";

// The process's one Prometheus registry (GET /api/metrics, and the worker's own port). On
// globalThis, with every metric in it: a Next server loads these modules in several module graphs
// (route handlers, instrumentation), and a counter made in one graph must be the counter the
// scrape reads in another. Each metric is made by the first graph that asks for it by name, and
// found by name after that.

const globalForMetrics = globalThis as unknown as { __lpmMetricsRegistry?: Registry };

function newRegistry(): Registry {
  const registry = new Registry();
  // Node's own: CPU, memory, event loop lag, GC, handles, and nodejs_version_info (the runtime
  // a process really runs on, which a deploy can check).
  collectDefaultMetrics({ register: registry });
  return registry;
}

export const metricsRegistry: Registry = (globalForMetrics.__lpmMetricsRegistry ??= newRegistry());

export function sharedCounter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  const found = metricsRegistry.getSingleMetric(config.name) as Counter<L> | undefined;
  return found ?? new Counter({ ...config, registers: [metricsRegistry] });
}

export function sharedGauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  const found = metricsRegistry.getSingleMetric(config.name) as Gauge<L> | undefined;
  return found ?? new Gauge({ ...config, registers: [metricsRegistry] });
}

export function sharedHistogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  const found = metricsRegistry.getSingleMetric(config.name) as Histogram<L> | undefined;
  return found ?? new Histogram({ ...config, registers: [metricsRegistry] });
}
