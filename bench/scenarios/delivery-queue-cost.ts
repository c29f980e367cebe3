import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { BENCH_POOL_SIZE } from "../lib/app-server";
import type { BenchContext } from "../lib/context";
import { createOwnTable, OWN_SCHEMA, ownTableCounts, resetOwnTable } from "../lib/delivery-queue/own-table";
import { progress } from "../lib/log";
import { startPgCpuMeter } from "../lib/pg-backend-cpu";
import { cpuMs } from "../lib/proc-stat";
import { ROOT, tsxNode } from "../lib/processes";
import { median, round } from "../lib/stats";
import type { DriverResult } from "../workers/delivery-queue-driver";

// Scenario 18 (issue 32, part 8): what the delivery queue itself costs a delivery, pg-boss jobs as
// the app uses them today against a table of our own in Svix's model, on the same database in one
// run, in alternating rounds. Each run is a process of its own (bench/workers/delivery-queue-driver.ts)
// that fans out the deliveries of N events to its endpoints and works them off with the app's batch
// (5), workers (8 a process) and per-endpoint cap (2), the send replaced by nothing:
// - `pg-boss`: the app's code (lib/jobs: startWorkers, enqueueMany as the dispatcher calls it, the
//   delivery queue's options) on a queue of the bench's own name;
// - `table`: bench/lib/delivery-queue/own-table.ts, prepared statements (as the app's own hot
//   statements are, lib/query/prepare-once.ts), with the same wake-ups (LISTEN, a poll every 2 s, at
//   once after a full batch) as pg-boss's workers;
// - `table-unprepared`: the same statements parsed at every run, as pg-boss runs its fetch and its
//   completion, to show what preparing alone is worth;
// - `pg-boss-prepared`: pg-boss as today, but its statements with values prepared (a wrapper of the
//   app's executor in the driver, app code untouched): what pg-boss itself could gain from that.
// Two shapes:
// - `paced`: 3 endpoints (scenario 7's cost line), one fan-out step per event at 100 events a
//   second: the dispatcher under scenario 7's paced writes;
// - `burst`: 48 endpoints (scenario 7's fleet line: an account may have 50), steps of 500 events
//   back to back: a backlog drained. With 3 endpoints the cap (6 in flight) is below a process's
//   40 slots, most fetches come back short, and the workers fall back to their 2 s poll (about 17
//   deliveries a second, either queue): a run would measure the wait, not the queue.
// Per run: CPU of the driver process and of the PostgreSQL backends serving it (pg-backend-cpu.ts,
// as scenario 7), from go to the last completion; round trips the driver sent (its own count);
// transactions, table scans, rows written of the bench database and WAL bytes of the cluster
// (pg_stat_*, read after 1.5 s of quiet, as scenario 7). Before each run both queues' rows are
// deleted and their tables vacuumed, so every run starts from the same empty table.
// The decision the issue asks for, fixed before the run: the table is "at least 2× cheaper" when the
// median over rounds of table ÷ pg-boss, CPU (app + PostgreSQL) per delivery, is ≤ 0.5 in both shapes.

export const QUEUE_COST_EXTRA = "18 delivery queue cost: pg-boss jobs ÷ a table of our own (issue 32, part 8)";
const ENDPOINTS: Record<"paced" | "burst", number> = { paced: 3, burst: 48 };
const QUEUES = ["pg-boss", "table", "table-unprepared", "pg-boss-prepared"] as const;
const SHAPES = ["paced", "burst"] as const;
const BENCH_QUEUE = "bench-deliver-webhook";
const STATS_SETTLE_MS = 1_500;

type QueueKind = (typeof QUEUES)[number];
type Shape = (typeof SHAPES)[number];

interface PerDelivery {
  appCpuMs: number;
  pgCpuMs: number;
  cpuMs: number;
  statements: number;
  transactions: number;
  scans: number;
  rowsWritten: number;
  walBytes: number;
}

interface RunCost {
  deliveries: number;
  ms: number;
  batches: number;
  perDelivery: PerDelivery;
}

export interface QueueCostExtra {
  endpoints: Record<Shape, number>;
  events: Record<Shape, number>;
  rounds: Array<Record<Shape, Record<QueueKind, RunCost>>>;
  /** Per shape and queue, medians over the rounds. */
  medians: Record<Shape, Record<QueueKind, PerDelivery>>;
  /** Per shape: each queue ÷ pg-boss as today, CPU (app + PostgreSQL) a delivery, each round's and
   * their median; and the table ÷ pg-boss with prepared statements. */
  ratios: Record<
    Shape,
    Record<Exclude<QueueKind, "pg-boss"> | "table vs pg-boss-prepared", { rounds: number[]; median: number }>
  >;
  /** The table is at least 2× cheaper (median ratio ≤ 0.5) in both shapes. */
  twiceCheaper: boolean;
  problems: string[];
}

interface Counters {
  transactions: number;
  scans: number;
  rowsWritten: number;
  wal: string;
}

async function counters(ctx: BenchContext): Promise<Counters> {
  const [row] = await ctx.sql<Array<Counters>>`
    select (d.xact_commit + d.xact_rollback)::float8 as transactions,
      (select coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) from pg_stat_user_tables)::float8 as scans,
      (d.tup_inserted + d.tup_updated + d.tup_deleted)::float8 as "rowsWritten",
      pg_current_wal_lsn()::text as wal
    from pg_stat_database d where d.datname = current_database()`;
  return row;
}

/** Both queues' rows gone and their tables vacuumed: every run starts from the same state. */
async function resetQueues(ctx: BenchContext): Promise<void> {
  const [{ boss }] = await ctx.sql<Array<{ boss: boolean }>>`select to_regclass('pgboss.job') is not null as boss`;
  if (boss) {
    await ctx.sql`delete from pgboss.job where name = ${BENCH_QUEUE}`;
    await ctx.sql`vacuum analyze pgboss.job`;
  }
  await resetOwnTable(ctx.sql);
}

async function openRows(ctx: BenchContext, queue: QueueKind): Promise<{ delivered: number; open: number }> {
  if (!queue.startsWith("pg-boss")) return ownTableCounts(ctx.sql);
  const [row] = await ctx.sql<Array<{ delivered: number; open: number }>>`
    select count(*) filter (where state = 'completed')::int as delivered,
           count(*) filter (where state <> 'completed')::int as open
    from pgboss.job where name = ${BENCH_QUEUE}`;
  return row;
}

/** One run in a fresh driver process: its cost from `go` to its last completion. */
async function runOnce(ctx: BenchContext, queue: QueueKind, shape: Shape, events: number): Promise<RunCost> {
  await resetQueues(ctx);
  const [node, ...args] = tsxNode(
    "bench/workers/delivery-queue-driver.ts",
    queue,
    shape,
    String(events),
    String(ENDPOINTS[shape]),
  );
  const child = spawn(node, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: ctx.db.url,
      SKIP_MIGRATIONS: "1",
      LOG_LEVEL: "warn",
      DATABASE_POOL_SIZE: BENCH_POOL_SIZE,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr!.on("data", (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await Promise.race([lines.next(), exited.then(() => ({ done: true, value: undefined }))]);
    if (line.done || line.value === undefined)
      throw new Error(`delivery queue driver (${queue}, ${shape}) exited: ${stderr.join("").slice(-2000)}`);
    return line.value as string;
  };
  try {
    if ((await nextLine()) !== "ready") throw new Error("delivery queue driver: no ready line");
    await sleep(STATS_SETTLE_MS);
    const before = await counters(ctx);
    const appBefore = cpuMs(child.pid!);
    const pg = await startPgCpuMeter(ctx.sql);
    child.stdin!.write("go\n");
    const result = JSON.parse(await nextLine()) as DriverResult;
    const appCpuMs = cpuMs(child.pid!) - appBefore;
    const pgCpuMs = await pg.stop();
    await sleep(STATS_SETTLE_MS);
    const after = await counters(ctx);
    const [{ wal }] = await ctx.sql<Array<{ wal: number }>>`
      select pg_wal_lsn_diff(${after.wal}::pg_lsn, ${before.wal}::pg_lsn)::float8 as wal`;
    // The bench's own transactions in the window: the meter's three and the first counters read.
    const transactions = after.transactions - before.transactions - 4;
    const n = result.deliveries;
    const per = (v: number, digits = 3) => round(v / n, digits);
    return {
      deliveries: n,
      ms: result.ms,
      batches: result.batches,
      perDelivery: {
        appCpuMs: per(appCpuMs),
        pgCpuMs: per(pgCpuMs),
        cpuMs: per(appCpuMs + pgCpuMs),
        statements: per(result.statements),
        transactions: per(transactions),
        scans: per(after.scans - before.scans),
        rowsWritten: per(after.rowsWritten - before.rowsWritten),
        walBytes: per(wal, 0),
      },
    };
  } finally {
    child.stdin!.write("exit\n");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

function describe(queue: QueueKind, run: RunCost): string {
  const p = run.perDelivery;
  return `${queue} ${p.cpuMs} ms (app ${p.appCpuMs}, PostgreSQL ${p.pgCpuMs}), ${p.statements} statements, ${p.transactions} transactions, ${p.scans} scans, ${p.rowsWritten} rows written, ${p.walBytes} WAL bytes a delivery (${run.deliveries} in ${run.ms} ms, ${round(run.deliveries / run.batches, 2)} a batch)`;
}

export async function deliveryQueueCostScenario(ctx: BenchContext): Promise<QueueCostExtra> {
  const { options } = ctx;
  const events: Record<Shape, number> = {
    paced: options.quick ? 300 : 1_000,
    burst: options.quick ? 100 : 1_000,
  };
  const problems: string[] = [];
  await createOwnTable(ctx.sql);
  try {
    // Warm-up: pg-boss's schema and the queue are created by the first run; caches filled.
    progress(`18 delivery queue: warm-up, one burst run of each queue`);
    for (const queue of QUEUES) await runOnce(ctx, queue, "burst", events.burst);
    const rounds: QueueCostExtra["rounds"] = [];
    for (let r = 1; r <= options.rounds; r++) {
      // Alternating: the order within a round is reversed every other round, so drift of the
      // shared machine over a round does not favour one queue.
      const order = r % 2 ? [...QUEUES] : [...QUEUES].reverse();
      const round_ = {} as QueueCostExtra["rounds"][number];
      for (const shape of SHAPES) {
        round_[shape] = {} as Record<QueueKind, RunCost>;
        for (const queue of order) {
          const run = await runOnce(ctx, queue, shape, events[shape]);
          const expected = events[shape] * ENDPOINTS[shape];
          const rows = await openRows(ctx, queue);
          if (run.deliveries !== expected || rows.delivered !== expected || rows.open !== 0)
            problems.push(
              `18 ${queue} ${shape} round ${r}: ${run.deliveries} handled, ${rows.delivered} done and ${rows.open} open of ${expected}`,
            );
          round_[shape][queue] = run;
          progress(`18 delivery queue: round ${r}/${options.rounds} ${shape}: ${describe(queue, run)}`);
        }
        const t = round_[shape];
        const vs = (queue: QueueKind) => round(t[queue].perDelivery.cpuMs / t["pg-boss"].perDelivery.cpuMs, 3);
        progress(
          `18 delivery queue: round ${r}/${options.rounds} ${shape}: ÷ pg-boss: table ${vs("table")}, table-unprepared ${vs("table-unprepared")}, pg-boss-prepared ${vs("pg-boss-prepared")}`,
        );
      }
      rounds.push(round_);
    }
    const medians = {} as QueueCostExtra["medians"];
    const ratios = {} as QueueCostExtra["ratios"];
    for (const shape of SHAPES) {
      medians[shape] = {} as Record<QueueKind, PerDelivery>;
      for (const queue of QUEUES) {
        const keys = Object.keys(rounds[0][shape][queue].perDelivery) as Array<keyof PerDelivery>;
        medians[shape][queue] = Object.fromEntries(
          keys.map((key) => [key, median(rounds.map((r) => r[shape][queue].perDelivery[key]))]),
        ) as unknown as PerDelivery;
      }
      const ratioOf = (queue: QueueKind, base: QueueKind = "pg-boss") => {
        const each = rounds.map((r) => round(r[shape][queue].perDelivery.cpuMs / r[shape][base].perDelivery.cpuMs, 3));
        return { rounds: each, median: median(each) };
      };
      ratios[shape] = {
        table: ratioOf("table"),
        "table-unprepared": ratioOf("table-unprepared"),
        "pg-boss-prepared": ratioOf("pg-boss-prepared"),
        "table vs pg-boss-prepared": ratioOf("table", "pg-boss-prepared"),
      };
    }
    const twiceCheaper = SHAPES.every((shape) => ratios[shape].table.median <= 0.5);
    for (const shape of SHAPES)
      progress(
        `18 delivery queue: ${shape}, CPU a delivery ÷ pg-boss's (medians): ${Object.entries(ratios[shape])
          .map(([queue, ratio]) => `${queue} ${ratio.median}`)
          .join(", ")}`,
      );
    progress(`18 delivery queue: the table is ${twiceCheaper ? "at least" : "not"} 2× cheaper than pg-boss jobs`);
    return { endpoints: ENDPOINTS, events, rounds, medians, ratios, twiceCheaper, problems };
  } finally {
    await resetQueues(ctx).catch(() => {});
    await ctx.sql.unsafe(`drop schema if exists ${OWN_SCHEMA} cascade`).catch(() => {});
  }
}
