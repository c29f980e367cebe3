import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// The servers a benchmark starts: each writes its output to bench/results/logs/<name>.log, is
// ready when a URL answers, and is stopped by its own pid (never by name: the machine is shared).

export const ROOT = path.resolve(__dirname, "../..");
const LOG_DIR = path.join(ROOT, "bench/results/logs");

export interface Server {
  name: string;
  pid: number;
  url: string;
  /** Milliseconds from spawn to the first 200 of the readiness URL. */
  readyMs: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

function killAll() {
  for (const child of running) child.kill("SIGKILL");
}
process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export async function startServer(options: {
  name: string;
  command: string[];
  env: Record<string, string | undefined>;
  url: string;
  /** Ready when GET url+readyPath answers 200 (or when `isReady` says so). */
  readyPath: string;
  isReady?: () => Promise<boolean>;
  cwd?: string;
  timeoutMs?: number;
}): Promise<Server> {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = openSync(path.join(LOG_DIR, `${options.name}.log`), "w");
  const started = performance.now();
  const [cmd, ...args] = options.command;
  // `undefined` removes a variable the bench itself may have.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(cmd, args, { cwd: options.cwd ?? ROOT, env, stdio: ["ignore", log, log] });
  closeSync(log); // the child holds its own copy
  running.add(child);
  let exited: string | undefined;
  child.on("exit", (code, signal) => {
    running.delete(child);
    exited = `exited with ${signal ?? code}`;
  });
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exited)
      throw new Error(`${options.name} ${exited} before it was ready; see bench/results/logs/${options.name}.log`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${options.name} not ready after ${options.timeoutMs ?? 120_000} ms`);
    }
    const ok = options.isReady
      ? await options.isReady().catch(() => false)
      : await fetch(options.url + options.readyPath, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.status === 200,
          () => false,
        );
    if (ok) break;
    await sleep(25);
  }
  const readyMs = performance.now() - started;
  return {
    name: options.name,
    pid: child.pid!,
    url: options.url,
    readyMs,
    async stop() {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** `node --import tsx <script>`: a TypeScript helper process with the project's `@/` paths. */
export const tsxNode = (script: string, ...args: string[]) => [process.execPath, "--import", "tsx", script, ...args];
