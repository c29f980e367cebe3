import { parseArgs } from "node:util";

// `npm run bench` runs the full suite (a million leads, 10 s runs, 3 rounds: 15–25 minutes on
// two cores); `npm run bench -- --quick` the same scenarios on 50,000 leads with short runs, for
// iterating. Durations are per run; every comparison alternates its variants for `rounds` rounds.

export interface BenchOptions {
  quick: boolean;
  dbName: string;
  leads: number;
  keys: number;
  /** How deep the deep page is (rows before it), ~90 % of the seed. */
  deepOffset: number;
  rounds: number;
  throughputSeconds: number;
  latencySeconds: number;
  warmupSeconds: number;
  /** autocannon connections for throughput runs (enough to saturate the server). */
  connections: number;
  /** Concurrent requests for latency runs (low: latency, not queueing). */
  latencyConnections: number;
  /** Requests for the memory growth check. */
  memoryRequests: number;
  /** Scenario 7: events the account's feed holds (seeded in SQL when missing). */
  events: number;
  /** Scenario 7: lead updates sent paced at `webhookRate` a second, then in an unpaced burst. */
  webhookChanges: number;
  webhookBurst: number;
  webhookRate: number;
  fresh: boolean;
  dropAfter: boolean;
  build: boolean;
  only: Set<string> | null;
}

const USAGE = `npm run bench [-- options]
  --quick          50,000 leads, 3 s runs (for development); default: 1,000,000 leads, 10 s runs
                   (scenario 7: 50,000 events and 1,000 + 1,000 lead updates, default 10,000,000 and
                   10,000 + 5,000)
  --rounds N       rounds of each A/B comparison (default 3, at least 3)
  --only LIST      scenarios to run by number or name, e.g. 1,3 or webhooks (1 get-lead, 2 pages,
                   3 filters, 4 create, 5 limiter, 6 memory, 7 webhooks, 8 bulk, 11 export, 12 custom-fields,
                   13 import, 14 runtime, 16 routing, 17 tasks, 18 delivery-queue)
  --db NAME        database on the local PostgreSQL (default lpm_bench, quick: lpm_bench_quick)
  --fresh          drop and re-seed the database even when it matches
  --drop-after     drop the database at the end (default: kept, reused by the next run)
  --no-build       reuse the last build in bench/.app instead of building again`;

// `--only webhooks` is `--only 7`: the names the usage lists, for each scenario's number.
const SCENARIO_NAMES: Record<string, string> = {
  "get-lead": "1",
  pages: "2",
  filters: "3",
  create: "4",
  limiter: "5",
  memory: "6",
  webhooks: "7",
  bulk: "8",
  "custom-fields": "12",
  export: "11",
  import: "13",
  runtime: "14",
  routing: "16",
  tasks: "17",
  "delivery-queue": "18",
};

export function readOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      rounds: { type: "string" },
      only: { type: "string" },
      db: { type: "string" },
      fresh: { type: "boolean", default: false },
      "drop-after": { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const quick = values.quick ?? false;
  const leads = quick ? 50_000 : 1_000_000;
  const rounds = Math.max(3, Number(values.rounds ?? 3) || 3);
  const dbName = values.db ?? (quick ? "lpm_bench_quick" : "lpm_bench");
  // The bench drops and creates this database: never let it be anything but a bench database.
  if (!/^lpm_bench[a-z0-9_]*$/.test(dbName)) throw new Error(`--db must start with lpm_bench (got ${dbName})`);
  return {
    quick,
    dbName,
    leads,
    keys: 1_000,
    deepOffset: Math.round(leads * 0.9),
    rounds,
    throughputSeconds: quick ? 3 : 10,
    latencySeconds: quick ? 3 : 8,
    warmupSeconds: quick ? 1 : 3,
    connections: 50,
    latencyConnections: 4,
    memoryRequests: quick ? 10_000 : 100_000,
    // Issue 32 asks for the feed's deep page at ten million events (seeded in SQL once, ~3 min).
    events: quick ? 50_000 : 10_000_000,
    webhookChanges: quick ? 1_000 : 10_000,
    webhookBurst: quick ? 1_000 : 5_000,
    webhookRate: 100,
    fresh: values.fresh ?? false,
    dropAfter: values["drop-after"] ?? false,
    build: !(values["no-build"] ?? false),
    only: values.only ? new Set(values.only.split(",").map((s) => SCENARIO_NAMES[s.trim()] ?? s.trim())) : null,
  };
}
