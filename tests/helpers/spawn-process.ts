import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

export interface Spawned {
  child: ChildProcess;
  output: () => string;
}

/** Starts `node --import tsx <script>` and resolves once its stdout matches `ready`. */
export function spawnTsx(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<Spawned & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const check = () => {
      const match = out.match(ready);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", check);
        resolve({ child, match, output: () => out });
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${out}`));
    });
  });
}

export function killAndWait(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}
