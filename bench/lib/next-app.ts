import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { progress } from "./log";
import { ROOT } from "./processes";

// The app under test is `next build && next start`, built from a snapshot of the working tree
// (tracked and new files, as git sees them) in a folder outside it. Other engineers build and
// serve `.next` in the same tree at the same time (`npm test` runs Playwright on a build): a
// shared `.next` would be rebuilt under a running benchmark, and ours would clobber theirs.
// The snapshot links the project's node_modules and tells Turbopack its root is `/` so the link
// resolves; it skips the type check, which `npm test` does, and which others' unfinished work
// would fail.

export const APP_DIR = process.env.BENCH_APP_DIR ?? path.join(tmpdir(), "lpm-bench-app");
const KEEP = new Set([".next", "node_modules"]);

function snapshot() {
  mkdirSync(APP_DIR, { recursive: true });
  for (const entry of readdirSync(APP_DIR)) if (!KEEP.has(entry)) rmSync(path.join(APP_DIR, entry), { recursive: true, force: true });
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split("\0")
    .filter(Boolean);
  let copied = 0;
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) continue; // deleted in the working tree, not yet in git
    mkdirSync(path.dirname(path.join(APP_DIR, file)), { recursive: true });
    copyFileSync(from, path.join(APP_DIR, file));
    copied++;
  }
  if (!existsSync(path.join(APP_DIR, "node_modules"))) symlinkSync(path.join(ROOT, "node_modules"), path.join(APP_DIR, "node_modules"));
  renameSync(path.join(APP_DIR, "next.config.mjs"), path.join(APP_DIR, "next.config.app.mjs"));
  writeFileSync(
    path.join(APP_DIR, "next.config.mjs"),
    `// Written by bench/lib/next-app.ts: the app's own config, built outside the working tree.
import app from "./next.config.app.mjs";
export default { ...app, turbopack: { ...app.turbopack, root: "/" }, outputFileTracingRoot: "/", typescript: { ...app.typescript, ignoreBuildErrors: true } };
`,
  );
  return copied;
}

export async function buildApp(): Promise<number> {
  const copied = snapshot();
  progress(`next build: ${copied} files of the working tree copied to ${APP_DIR}; building (1–3 minutes)`);
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin(), "build"], { cwd: APP_DIR, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split("\n").filter((l) => /✓|Compiled|error/i.test(l))) progress(`next build: ${line.trim()}`);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (${code}):\n${output.slice(-4000)}`))));
  });
  return Date.now() - started;
}

export function assertBuilt(): void {
  if (!existsSync(path.join(APP_DIR, ".next/BUILD_ID"))) throw new Error(`no build in ${APP_DIR}; run without --no-build`);
}

export const nextBin = () => path.join(APP_DIR, "node_modules/next/dist/bin/next");

export const nextStartCommand = (port: number) => [process.execPath, nextBin(), "start", APP_DIR, "-p", String(port), "-H", "127.0.0.1"];
