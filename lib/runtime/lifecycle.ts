// Where this process is in its life, for readiness (GET /api/health/ready), the worker's own
// health port and graceful shutdown: starting until the database is open and migrated, ready,
// then draining from SIGTERM until it exits. One state per process, on globalThis: a Next server
// loads this module in several module graphs, and all of them must see the same state.

export type LifecycleState = "starting" | "ready" | "draining";

const globalForLifecycle = globalThis as unknown as { __lpmLifecycle?: { state: LifecycleState } };
const lifecycle = (globalForLifecycle.__lpmLifecycle ??= { state: "starting" });

export function lifecycleState(): LifecycleState {
  return lifecycle.state;
}

/** Start-up is done (database open, migrations applied). A draining process stays draining. */
export function markReady(): void {
  if (lifecycle.state === "starting") lifecycle.state = "ready";
}

/** SIGTERM: readiness answers 503 from now on, so the load balancer sends no new requests. */
export function markDraining(): void {
  lifecycle.state = "draining";
}
