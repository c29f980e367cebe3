import { spawn, type ChildProcess } from "node:child_process";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/log";
import { ROOT, tsxNode } from "../lib/processes";

// Scenario 13 (issue 21): a CSV import of 100,000 leads (10,000 on --quick), as deployed: the
// upload is stored by the import service, and a separate `npm run worker` process (the app's
// scripts/worker.ts) runs the import-leads job, chunk by chunk through the lead services (each
// lead its lead_created activity and lead.created event). bench/workers/import-driver.ts makes a
// new account in the bench database, uploads, starts, follows the progress, imports the same file
// again with "skip" (nothing may be created), and deletes the account. Target: < 60 s.
// No app server is needed: the bench database alone.

export const IMPORT_EXTRA = "13 CSV import (npm run worker on the bench database)";

export interface ImportExtra {
  rows: number;
  bytes: number;
  uploadSeconds: number;
  status: string;
  /** Start to completed as the driver saw it (the worker's pickup of the job included). */
  seconds: number;
  /** The job's own time (the import's startedAt → finishedAt). */
  jobSeconds: number;
  rowsPerSecond: number;
  counts: { created: number; merged: number; skipped: number; failed: number };
  skipRun: { seconds: number; created: number; skipped: number };
}

function run(command: string[], env: Record<string, string>, onLine: (line: string) => void): ChildProcess {
  const [node, ...args] = command;
  const child = spawn(node, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines = (d: Buffer) => d.toString().split("\n").filter(Boolean).forEach(onLine);
  child.stdout!.on("data", lines);
  child.stderr!.on("data", lines);
  return child;
}

export async function importScenario(ctx: BenchContext): Promise<ImportExtra> {
  const rows = ctx.options.quick ? 10_000 : 100_000;
  const env = {
    DATABASE_URL: ctx.db.url,
    SKIP_MIGRATIONS: "1",
    LOG_LEVEL: "warn",
    JOBS_POLLING_INTERVAL_SECONDS: "0.5",
  };
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => (ready = resolve));
  const worker = run(tsxNode("scripts/worker.ts"), { ...env, LOG_LEVEL: "info" }, (line) => {
    if (line.includes('"msg":"worker started"')) ready();
  });
  try {
    await Promise.race([
      started,
      new Promise((_, reject) => worker.once("exit", (code) => reject(new Error(`worker exited with ${code}`)))),
    ]);
    progress(`13 import: ${rows.toLocaleString("en-US")} rows through a separate worker process`);
    let result = "";
    const driver = run(tsxNode("bench/workers/import-driver.ts", String(rows)), env, (line) => {
      if (line.startsWith("{")) result = line;
      else progress(`13 import:${line}`);
    });
    const code = await new Promise<number | null>((resolve) => driver.once("exit", resolve));
    if (code !== 0 || !result) throw new Error(`import driver failed (${code})`);
    const extra = JSON.parse(result) as ImportExtra;
    progress(
      `13 import: ${extra.rows.toLocaleString("en-US")} rows in ${extra.seconds} s (job ${extra.jobSeconds} s, ${extra.rowsPerSecond} rows/s); again with skip: ${extra.skipRun.seconds} s, ${extra.skipRun.created} created`,
    );
    return extra;
  } finally {
    worker.kill("SIGTERM");
  }
}
