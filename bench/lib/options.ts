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
  fresh: boolean;
  dropAfter: boolean;
  build: boolean;
  only: Set<string> | null;
}

const USAGE = `npm run bench [-- options]
  --quick          50,000 leads, 3 s runs (for development); default: 1,000,000 leads, 10 s runs
  --rounds N       rounds of each A/B comparison (default 3, at least 3)
  --only LIST      scenarios to run, e.g. 1,3 (1 get-lead, 2 pages, 3 filters, 4 create, 5 limiter, 6 memory)
  --db NAME        database on the local PostgreSQL (default lpm_bench, quick: lpm_bench_quick)
  --fresh          drop and re-seed the database even when it matches
  --drop-after     drop the database at the end (default: kept, reused by the next run)
  --no-build       reuse the last build in bench/.app instead of building again`;

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
    fresh: values.fresh ?? false,
    dropAfter: values["drop-after"] ?? false,
    build: !(values["no-build"] ?? false),
    only: values.only ? new Set(values.only.split(",").map((s) => s.trim())) : null,
  };
}
