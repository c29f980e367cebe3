import { execFileSync, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { progress } from "./log";
import { ROOT } from "./processes";

// The app under test is `next build && npm start`, built from a snapshot of the working tree
// (tracked and new files, as git sees them) in a folder outside it. Other engineers build and
// serve `.next` in the same tree at the same time (`npm test` runs Playwright on a build): a
// shared `.next` would be rebuilt under a running benchmark, and ours would clobber theirs.
// The snapshot adds the bench's floor route (bench/floor/route.ts), which the app itself does
// not ship; it links the project's node_modules and tells Turbopack its root is `/` so the link
// resolves; it skips the type check, which `npm test` does, and which others' unfinished work
// would fail.

export const APP_DIR = process.env.BENCH_APP_DIR ?? path.join(tmpdir(), "lpm-bench-app");
const KEEP = new Set([".next", "node_modules"]);
// Where the snapshot gets bench/floor/route.ts (GET /api/bench-floor).
const FLOOR_ROUTE = "app/api/bench-floor/route.ts";

export interface BuildTarget {
  dir: string;
  /** Keep server code unminified (readable function names in a CPU profile: `bench/profile.ts`). */
  readable?: boolean;
}

const DEFAULT_TARGET: BuildTarget = { dir: APP_DIR };

function snapshot({ dir, readable }: BuildTarget) {
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir))
    if (!KEEP.has(entry)) rmSync(path.join(dir, entry), { recursive: true, force: true });
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString()
    .split("\0")
    .filter(Boolean);
  let copied = 0;
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) continue; // deleted in the working tree, not yet in git
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
    copied++;
  }
  // The floor is the bench's own route, not the product's: it enters the build here, never app/.
  const floor = path.join(dir, FLOOR_ROUTE);
  mkdirSync(path.dirname(floor), { recursive: true });
  copyFileSync(path.join(ROOT, "bench/floor/route.ts"), floor);
  if (!existsSync(path.join(dir, "node_modules")))
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  renameSync(path.join(dir, "next.config.mjs"), path.join(dir, "next.config.app.mjs"));
  writeFileSync(
    path.join(dir, "next.config.mjs"),
    `// Written by bench/lib/next-app.ts: the app's own config, built outside the working tree.
import app from "./next.config.app.mjs";
export default { ...app, turbopack: { ...app.turbopack, root: "/" }, outputFileTracingRoot: "/", typescript: { ...app.typescript, ignoreBuildErrors: true }${
      readable ? ", experimental: { ...app.experimental, turbopackMinify: false }" : ""
    } };
`,
  );
  return copied;
}

export async function buildApp(target: BuildTarget = DEFAULT_TARGET): Promise<number> {
  const { dir } = target;
  const copied = snapshot(target);
  progress(`next build: ${copied} files of the working tree copied to ${dir}; building (1–3 minutes)`);
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin(dir), "build"], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk
        .toString()
        .split("\n")
        .filter((l) => /✓|Compiled|error/i.test(l)))
        progress(`next build: ${line.trim()}`);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
  return Date.now() - started;
}

export function assertBuilt(dir = DEFAULT_TARGET.dir): void {
  if (!existsSync(path.join(dir, ".next/BUILD_ID"))) throw new Error(`no build in ${dir}; run without --no-build`);
}

const nextBin = (dir = APP_DIR) => path.join(dir, "node_modules/next/dist/bin/next");

/** Node's flags of `npm start` (package.json), so the bench measures the server as it runs in
 * production: a 32 MB young generation (see bench/README.md). */
const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];

/** `npm start` of a build: the app's own server (scripts/start-server.mts, Next as a custom
 * server); `nodeFlags` go to node itself as well (`--cpu-prof`, say). */
export const appStartCommand = (port: number, dir = APP_DIR, nodeFlags: string[] = []) => [
  process.execPath,
  ...SERVER_NODE_FLAGS,
  ...nodeFlags,
  path.join(dir, "scripts/start-server.mts"),
  dir,
  "-p",
  String(port),
  "-H",
  "127.0.0.1",
];
