import { markReady } from "@/lib/runtime/lifecycle";

// A web process turns ready (GET /api/health/ready) once its database is open and migrated. When
// that failed at start (PostgreSQL not up yet), requests answer 503 meanwhile and preparing is
// tried again every 10 s, as the jobs' start is (lib/jobs/start-in-server.ts): a process that
// never turned ready would stay out of the load balancer for good, though alive.

const RETRY_MS = 10_000;

export function turnReadyOncePrepared(prepared: boolean, prepare: () => Promise<{ ready: boolean }>): void {
  if (prepared) {
    markReady();
    return;
  }
  const retry = () =>
    setTimeout(async () => {
      if ((await prepare()).ready) markReady();
      else retry();
    }, RETRY_MS).unref();
  retry();
}
