import { closeDb } from "@/db/client";
import { logger } from "@/lib/log/logger";
import { describeError } from "@/lib/log/describe-error";
import { shutdownTracing } from "@/lib/observability/tracing";
import { markDraining } from "./lifecycle";

// A graceful stop (README.md, "Production"): SIGTERM → not ready and no new jobs → requests and
// jobs in flight finish by SHUTDOWN_TIMEOUT_MS after the signal → the pools close → exit 0.
// The process's owner runs it: lib/jobs/run-worker-process.ts in a worker, and in the web process
// scripts/start-server.mts, which cannot import this module (Next loads the app in its own module
// graphs) and reaches it on globalThis once instrumentation.ts has called exposeShutdown().

type Hook = () => void | Promise<void>;

interface ShutdownState {
  /** When requests and jobs in flight must be done (epoch ms); set by beginShutdown. */
  deadline?: number;
  /** Run at once by beginShutdown: whatever takes new work stops taking it (the job workers). */
  onDrain: Set<Hook>;
}

// On globalThis: a Next server loads this module in several module graphs.
const globalForShutdown = globalThis as unknown as { __lpmShutdown?: ShutdownState; __lpmAppShutdown?: unknown };
const state = (globalForShutdown.__lpmShutdown ??= { onDrain: new Set() });

const DEFAULT_TIMEOUT_MS = 25_000;

/** SHUTDOWN_TIMEOUT_MS: from the signal, how long requests and jobs in flight get to finish. */
export function shutdownTimeoutMs(): number {
  const raw = process.env.SHUTDOWN_TIMEOUT_MS;
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** The deadline of the stop under way, or undefined while the process runs. */
export function shutdownDeadline(): number | undefined {
  return state.deadline;
}

/** `hook` runs at the start of a stop (stop taking new work), once. */
export function onDrain(hook: Hook): void {
  state.onDrain.add(hook);
}

async function runDrainHooks(): Promise<void> {
  const hooks = [...state.onDrain];
  state.onDrain.clear();
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      logger.warn("shutdown step failed", { error: describeError(error) });
    }
  }
}

/** Readiness answers 503 from now on and this process takes no new jobs. Answers the deadline. */
export function beginShutdown(): number {
  if (state.deadline === undefined) {
    state.deadline = Date.now() + shutdownTimeoutMs();
    markDraining();
    void runDrainHooks();
  }
  return state.deadline;
}

/** Once no request is in flight: running jobs get until the deadline (lib/jobs/boss.ts), then
 * the database pool closes, the last spans are exported and pending log lines are written. */
export async function finishShutdown(): Promise<void> {
  beginShutdown();
  try {
    await closeDb();
  } catch (error) {
    logger.warn("database close failed", { error: describeError(error) });
  }
  await shutdownTracing(); // the spans of the last requests and jobs
  await new Promise<void>((resolve) => setImmediate(resolve)); // the logger's buffered lines
}

/** For scripts/start-server.mts (instrumentation.ts calls this first). */
export function exposeShutdown(): void {
  globalForShutdown.__lpmAppShutdown = { begin: beginShutdown, finish: finishShutdown };
}
