// tests/helpers/api-server.ts with what instrumentation.ts does before a Next server takes
// requests: tracing first (the same startTracing, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set),
// then the job queues, so a subscribed write can send its deliveries. It runs no workers: the
// test's `npm run worker` processes deliver. Prints "listening <port>" once ready.
import { createQueues } from "@/lib/jobs/start-workers";
import { startTracing } from "@/lib/observability/tracing";

void (async () => {
  await startTracing("leadprop-web");
  await createQueues();
  await import("./api-server");
})();
