import { readFileSync } from "node:fs";

// Reads a V8 `.cpuprofile` (node --cpu-prof) and says where the time went: self time per
// function, per package (node_modules/<pkg>, Next's own chunks, our code, Node's internals) and
// inclusive time of the functions whose names match a filter, so "what does this request cost
// in drizzle, in postgres-js, in Next's route wrapper" is one command, not a DevTools session.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

interface ProfileRow {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Time the main thread had nothing to run. */
  idleMs: number;
  selfByFunction: ProfileRow[];
  selfByPackage: ProfileRow[];
  inclusive: ProfileRow[];
}

/** The package a script belongs to: `postgres`, `next`, `app` (our code, bundled), `node:` … */
function packageOf(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node:internal";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  // Turbopack's server chunks hold bundled app code and bundled packages alike; the chunk name
  // says which when it can (`…__postgres_src_index_….js`, `…_lib_api_respond_ts_….js`), and
  // some chunks carry only a hash.
  const chunk = /\.next\/server\/chunks\/(?:ssr\/)?([^/]+)$/.exec(url);
  if (chunk) {
    if (chunk[1].startsWith("[root-of-the-server]") || /_(?:lib|app|db)_/.test(chunk[1])) return "bundled:app";
    const bundled = /__((?:@[a-z0-9-]+_)?[a-z][a-z0-9.-]*)_/.exec(chunk[1]);
    return bundled ? `bundled:${bundled[1].replace(/^(@[a-z0-9-]+)_/, "$1/")}` : "bundled:(chunk named by hash)";
  }
  return url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
}

const frameName = (f: CallFrame) =>
  `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-1)[0]}:${f.lineNumber + 1}`;

function top(map: Map<string, number>, totalMs: number, limit: number): ProfileRow[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => ({
      name,
      ms: Math.round(us / 100) / 10,
      share: Math.round((us / 1000 / totalMs) * 1000) / 10,
    }));
}

/** Microseconds of CLOCK_MONOTONIC, the clock V8 stamps profiles with (on Linux, the same in
 * every process): lets another process mark the window to summarise. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export function summarizeCpuProfile(
  file: string,
  options: { limit?: number; inclusive?: RegExp; window?: { startUs: number; endUs: number } } = {},
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const limit = options.limit ?? 40;
  const from = Math.max(profile.startTime, options.window?.startUs ?? -Infinity);
  const to = Math.min(profile.endTime, options.window?.endUs ?? Infinity);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from && at <= to) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });

  const totalUs = to - from;
  let idleUs = 0;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === "(idle)") {
      idleUs += us;
      continue;
    }
    byFunction.set(frameName(callFrame), (byFunction.get(frameName(callFrame)) ?? 0) + us);
    const pkg = callFrame.functionName === "(garbage collector)" ? "(garbage collector)" : packageOf(callFrame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }

  // Inclusive time of matching functions: a sample counts once per function even when the
  // function is on its stack several times (recursion, nested wrappers of the same name).
  const inclusive = new Map<string, number>();
  if (options.inclusive) {
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const stackNames = new Map<number, Set<string>>();
    const namesOn = (id: number): Set<string> => {
      const cached = stackNames.get(id);
      if (cached) return cached;
      const up = parent.get(id);
      const names = new Set(up === undefined ? [] : namesOn(up));
      const name = frameName(byId.get(id)!.callFrame);
      if (options.inclusive!.test(name)) names.add(name);
      stackNames.set(id, names);
      return names;
    };
    for (const [id, us] of selfUs) for (const name of namesOn(id)) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }

  const busyMs = (totalUs - idleUs) / 1000;
  return {
    totalMs: Math.round(totalUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    selfByFunction: top(byFunction, busyMs, limit),
    selfByPackage: top(byPackage, busyMs, limit),
    inclusive: top(inclusive, busyMs, limit),
  };
}

export function formatSummary(summary: ProfileSummary, requests: number): string {
  const perRequest = (ms: number) => (requests ? `${((ms * 1000) / requests).toFixed(1)} µs/req` : "");
  const table = (title: string, rows: ProfileRow[]) =>
    [
      `## ${title} (share of busy time)`,
      ...rows.map((r) => `${String(r.share).padStart(5)} %  ${perRequest(r.ms).padStart(14)}  ${r.name}`),
    ].join("\n");
  const busy = summary.totalMs - summary.idleMs;
  return [
    `main thread: ${summary.totalMs} ms profiled, ${busy} ms busy, ${summary.idleMs} ms idle; ${requests} requests → ${perRequest(busy)} busy`,
    table("self time by package", summary.selfByPackage),
    table("self time by function", summary.selfByFunction),
    ...(summary.inclusive.length ? [table("inclusive time of matching functions", summary.inclusive)] : []),
  ].join("\n\n");
}
