import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The JSON on the last line of stdout, if any. */
  json: unknown;
}

// Runs the real CLI in a child process, the way operators and benchmarks run it.
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const last = stdout.trim().split("\n").pop() ?? "";
      let json: unknown = undefined;
      try {
        json = last ? JSON.parse(last) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ code: code ?? -1, stdout, stderr, json });
    });
  });
}
