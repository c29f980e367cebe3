import { Server } from "node:http";
import { vi } from "vitest";

// The "shared" project (vitest.config.ts) runs many test files one after another in one worker,
// to load the libraries (Next, drizzle, zod, pg-boss…) once per worker instead of once per file.
// What a file may leave behind in the worker is put back here, before the next file, so each
// file starts as it would in a fresh process: the environment as the worker got it, the app's
// modules evaluated anew (settings read from the environment at load, module-level state), no
// app state on globalThis (the app keeps its process-wide singletons there, lib/**), and Node's
// HTTP server without the wrappers the app installs (instrumentation.ts). The database handle is
// closed after each file by worker-setup.ts, which also stops pg-boss and the dispatcher.

interface Baseline {
  files: number;
  env: Record<string, string | undefined>;
  serverEmit: typeof Server.prototype.emit;
}

// Process-wide state that stays: the test worker's own baseline, and the logger's write buffer
// (a new one would add another exit listener per file).
const KEPT = new Set(["__lpmTestWorker", "__lpmLogBuffer"]);

const worker = globalThis as unknown as Record<string, unknown> & { __lpmTestWorker?: Baseline };

/** Called first thing in every test file (worker-setup.ts); does nothing in a fresh process. */
export async function resetReusedWorker(): Promise<void> {
  const baseline = (worker.__lpmTestWorker ??= {
    files: 0,
    env: { ...process.env },
    serverEmit: Server.prototype.emit,
  });
  if (baseline.files++ === 0) return;
  await stopLeftovers();
  for (const name of Object.keys(worker)) {
    if (name.startsWith("__lpm") && !KEPT.has(name)) delete worker[name];
  }
  for (const name of Object.keys(process.env)) if (!(name in baseline.env)) delete process.env[name];
  Object.assign(process.env, baseline.env);
  Server.prototype.emit = baseline.serverEmit;
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
}

// What the previous file's app started and only the process's end would stop: the limiter's
// Redis connection, the hourly housekeeping timer, the tracer's exporter.
async function stopLeftovers(): Promise<void> {
  const limiter = worker.__lpmRateLimiter as { close?: () => Promise<void> } | undefined;
  await limiter?.close?.().catch(() => {});
  const housekeeping = worker.__lpmHousekeeping as NodeJS.Timeout | undefined;
  if (housekeeping) clearInterval(housekeeping);
  const tracing = worker.__lpmTracing as { provider: { shutdown: () => Promise<void> } } | undefined;
  await tracing?.provider.shutdown().catch(() => {});
}
