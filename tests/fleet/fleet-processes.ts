import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// The processes of a fleet test: web processes started exactly as `npm start` starts them (the
// command is read from package.json) and `npm run worker` processes (HAProxy: haproxy.ts). Each
// is stopped by its own pid, never by name.

const ROOT = path.resolve(__dirname, "../..");

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

const running = new Set<ChildProcess>();
export function killAll(): void {
  for (const child of running) child.kill("SIGKILL");
}

export function spawnProc(name: string, command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let out = "";
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 2_000_000) out = out.slice(-1_000_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { name, child, exited, output: () => out };
}

export async function waitFor<T>(
  what: string,
  proc: Proc | undefined,
  check: () => Promise<T | false>,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let exit: { code: number | null } | undefined;
  void proc?.exited.then((e) => (exit = e));
  for (;;) {
    const result = await check().catch(() => false as const);
    if (result !== false) return result;
    if (exit) throw new Error(`${proc!.name} exited (${exit.code}) before ${what}:\n${proc!.output().slice(-4000)}`);
    if (Date.now() > deadline)
      throw new Error(`${what}: not after ${timeoutMs} ms${proc ? `\n${proc.output().slice(-4000)}` : ""}`);
    await sleep(50);
  }
}

/** `npm start`'s command (package.json), e.g. ["node", "--max-semi-space-size=32", "scripts/start-server.mts"]. */
function npmStartCommand(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  if (words[0] !== "node") throw new Error(`npm start is not a node command: ${pkg.scripts.start}`);
  return words;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function httpStatus(url: string, timeoutMs = 2_000): Promise<number> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  await res.arrayBuffer();
  return res.status;
}

/** A web process as `npm start -- -p PORT -H 127.0.0.1` runs it; resolves once it is ready. Behind
 * HAProxy, as in production: TRUSTED_PROXY_HOPS=1 (scripts/haproxy/leadprop.cfg). */
export async function startWeb(name: string, port: number, env: Record<string, string>): Promise<Proc> {
  const [, ...nodeArgs] = npmStartCommand();
  const proc = spawnProc(name, process.execPath, [...nodeArgs, "-p", String(port), "-H", "127.0.0.1"], {
    TRUSTED_PROXY_HOPS: "1",
    ...env,
  });
  await waitFor(
    `${name} ready`,
    proc,
    async () => (await httpStatus(`http://127.0.0.1:${port}/api/health/ready`)) === 200,
    90_000,
  );
  return proc;
}

/** A worker as `npm run worker` runs it (tsx scripts/worker.ts); resolves once it has started. */
export async function startWorker(name: string, env: Record<string, string>): Promise<Proc> {
  // "worker started" is an info line.
  const proc = spawnProc(name, process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    ...env,
    LOG_LEVEL: "info",
  });
  await waitFor(`${name} started`, proc, async () => /"msg":"worker started"/.test(proc.output()), 60_000);
  return proc;
}

/** SIGTERM, then the exit: its code and how long it took. */
export async function stopGracefully(proc: Proc): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  proc.child.kill("SIGTERM");
  const { code } = await proc.exited;
  return { code, ms: Date.now() - started };
}
