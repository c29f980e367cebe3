// `npm run bench:profile [-- --target get-lead]`: where a request's CPU goes inside `next start`.
// Builds the app unminified (readable function names) in its own folder, starts it on the
// --quick bench database under `node --cpu-prof`, drives one endpoint with autocannon, stops it
// (the profile is written on exit) and prints self time by package and by function, per request.
// Open the .cpuprofile in Chrome DevTools for the call tree. Limiter on REDIS_URL.
import { mkdirSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { RawRequest } from "autocannon";
import postgres from "postgres";
import { startApp } from "./lib/app-server";
import { prepareBenchDatabase } from "./lib/bench-database";
import { bearer } from "./lib/context";
import { formatSummary, monotonicUs, summarizeCpuProfile } from "./lib/cpu-profile-summary";
import { cycle, runLoad } from "./lib/load";
import { progress } from "./lib/log";
import { assertBuilt, buildApp } from "./lib/next-app";
import { ROOT, startServer, tsxNode } from "./lib/processes";
import { createLeadRequests, removeCreatedLeads } from "./scenarios/create-lead";
import { addBenchRoutingRules, removeRules } from "./scenarios/lead-routing";

const USAGE = `npm run bench:profile [-- options]
  --target NAME    get-lead (default) | floor | create-lead | list-leads (limit=100)
  --seconds N      seconds of load while profiling (default 10)
  --match REGEX    also print inclusive time of functions matching REGEX (e.g. "drizzle|execute")
  --traces         traces on: OTLP to a sink in its own process (bench/servers/otlp-sink.ts), as
                   scenario 14's "on" server; compare with a run without to see what tracing costs
  --scrape         GET /api/metrics every second while profiling, as scenario 14 scrapes its "on" server
  --routing        create-lead with scenario 16's 5 routing rules and round robin on the account
                   (compare with a run without to see what routing costs a create)
  --no-build       reuse the last profiling build`;

const TARGETS = ["get-lead", "floor", "create-lead", "list-leads"] as const;
type Target = (typeof TARGETS)[number];

const PROFILE_APP_DIR = path.join(tmpdir(), "lpm-bench-app-profile");
const PORT = 3451;

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      target: { type: "string", default: "get-lead" },
      seconds: { type: "string", default: "10" },
      match: { type: "string" },
      "no-build": { type: "boolean", default: false },
      traces: { type: "boolean", default: false },
      scrape: { type: "boolean", default: false },
      routing: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const target = values.target as Target;
  if (!TARGETS.includes(target)) throw new Error(`--target must be one of ${TARGETS.join(", ")}`);
  const seconds = Math.max(1, Number(values.seconds) || 10);

  if (values["no-build"]) assertBuilt(PROFILE_APP_DIR);
  else await buildApp({ dir: PROFILE_APP_DIR, readable: true });
  const db = await prepareBenchDatabase({ name: "lpm_bench_quick", leads: 50_000, keys: 1_000, fresh: false });
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  const leadIds = (
    await sql<
      Array<{ id: string }>
    >`select id from leads where account_id = ${db.accountId} and deleted_at is null order by random() limit 1000`
  ).map((r) => r.id);
  const nextKey = cycle(db.keys);
  const nextLead = cycle(leadIds);
  const requests: Record<Target, () => RawRequest> = {
    "get-lead": () => ({ path: `/api/v1/leads/${nextLead()}`, headers: bearer(nextKey()) }),
    floor: () => ({ path: "/api/bench-floor" }),
    "create-lead": createLeadRequests({ nextKey }),
    "list-leads": () => ({ path: "/api/v1/leads?limit=100", headers: bearer(nextKey()) }),
  };

  const profileDir = path.join(
    ROOT,
    "bench/results/profiles",
    `${target}-${new Date().toISOString().replace(/[:.]/g, "-")}`,
  );
  mkdirSync(profileDir, { recursive: true });
  if (values.routing) await addBenchRoutingRules({ sql, db });
  const sink = values.traces ? await startOtlpSink() : undefined;
  const app = await startApp(
    { db, redisUrl: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379", upstash: { url: "", token: "" } },
    "app-profile",
    PORT,
    "redis",
    {
      dir: PROFILE_APP_DIR,
      nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
    },
    sink ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_SERVICE_NAME: "leadprop-bench" } : {},
  );
  let measured = 0;
  const window = { startUs: 0, endUs: 0 };
  try {
    // Every key once first (their first use in a minute writes lastUsedAt), and the JIT warm.
    progress(`warming up ${target}`);
    await runLoad({ url: app.url, connections: 50, amount: db.keys.length + 2_000, request: requests[target] });
    progress(`profiling ${target}: ${seconds} s of load`);
    window.startUs = monotonicUs();
    const scraper = values.scrape ? scrapeEverySecond(app.url) : undefined;
    const result = await runLoad({
      url: app.url,
      serverPid: app.pid,
      connections: 50,
      durationS: seconds,
      request: requests[target],
    });
    window.endUs = monotonicUs();
    if (scraper) clearInterval(scraper);
    measured = result.requests;
    progress(
      `${result.rps} req/s, p99 ${result.p99} ms, ${result.cpuMsPerRequest} ms CPU/req; statuses ${JSON.stringify(result.statuses)}`,
    );
  } finally {
    await app.stop();
    await sink?.stop();
    if (target === "create-lead") await removeCreatedLeads({ sql, db });
    if (values.routing) await removeRules({ sql, db });
    await sql.end();
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile in ${profileDir}: did the server exit cleanly?`);
  // Only the measured load's samples: start-up and warm-up are left out.
  const summary = summarizeCpuProfile(path.join(profileDir, file), {
    window,
    inclusive: values.match ? new RegExp(values.match) : undefined,
  });
  process.stdout.write(`${formatSummary(summary, measured)}\n\nprofile: ${path.join(profileDir, file)}\n`);
}

const SINK_PORT = 3452;

function scrapeEverySecond(url: string): NodeJS.Timeout {
  return setInterval(() => {
    fetch(`${url}/api/metrics`, { signal: AbortSignal.timeout(5_000) })
      .then((res) => res.arrayBuffer())
      .catch(() => {});
  }, 1_000);
}

function startOtlpSink() {
  return startServer({
    name: "otlp-sink",
    command: tsxNode("bench/servers/otlp-sink.ts"),
    env: { PORT: String(SINK_PORT) },
    url: `http://127.0.0.1:${SINK_PORT}`,
    readyPath: "/stats",
  });
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`bench:profile failed: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
