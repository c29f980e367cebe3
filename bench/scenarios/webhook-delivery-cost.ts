import { setTimeout as sleep } from "node:timers/promises";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/log";
import { nowMs, sendPaced } from "../lib/paced-requests";
import { startPgCpuMeter } from "../lib/pg-backend-cpu";
import { cpuMs } from "../lib/proc-stat";
import type { Server } from "../lib/processes";
import { median, round } from "../lib/stats";
import { startWebhookReceiver } from "../lib/webhook-receiver";
import { createLeadRequests, removeCreatedLeads } from "./create-lead";
import { createEndpoint, deleteEndpoint, dropQueued, NO_EVENTS, removeBenchEndpoints, setEvents } from "./webhooks";

// Scenario 7, what one delivery costs against what one write costs (issue 32: ≤ 0.1), on the
// scenario's app server (workers in-process, as deployed by default). Alternating rounds of two
// runs, each the same POSTS_PER_RUN POST /leads paced at the scenario's rate (100 a second):
// - "none": the three endpoints subscribed to no event the writes make (NO_EVENTS: no job, no
//   "skipped" row; the dispatcher still passes every event), so the run costs the writes alone;
// - "subscribed": the endpoints take every event, and the run lasts until each write's three
//   deliveries have arrived and the queue is empty.
// Each run's cost: CPU of the app's process tree and of PostgreSQL's backends serving it
// (bench/lib/pg-backend-cpu.ts), and from PostgreSQL's counters for the bench database
// (pg_stat_database, pg_stat_user_tables, which count every schema's tables, pgboss's included)
// transactions, table scans and rows written, and WAL bytes (pg_current_wal_lsn(): the whole
// cluster's, so others' work on this machine adds to it). A delivery costs the subscribed run
// less the writes (the none run's cost a write, times its writes), over its deliveries:
// dispatcher fan-out, the job's fetch, the signed POST, the log row, the job's completion.
// pg_stat_statements is not loaded on this PostgreSQL, so statements are not counted one by one:
// a transaction is a statement outside BEGIN … COMMIT or one such block, and a table scan is
// one index or sequential scan of one table (a statement reading two tables makes two).

const ENDPOINTS = 3;
/** The report's `extra` entry (bench/lib/targets.ts reads it). */
export const WEBHOOK_COST_EXTRA = "7 cost of a delivery ÷ a POST /leads (in-process workers, app + PostgreSQL)";
/** PostgreSQL's backends publish their counters at most once a second, when idle (PG 15). */
const STATS_SETTLE_MS = 1_500;

interface Counters {
  transactions: number;
  scans: number;
  rowsWritten: number;
  wal: string;
}

interface RunCost {
  posts: number;
  deliveries: number;
  appCpuMs: number;
  pgCpuMs: number;
  transactions: number;
  scans: number;
  rowsWritten: number;
  walBytes: number;
}

type PerUnit = Omit<RunCost, "posts" | "deliveries">;

export interface WebhookCostExtra {
  postsPerRun: number;
  perSecond: number;
  rounds: Array<{ none: RunCost; subscribed: RunCost; perPost: PerUnit; perDelivery: PerUnit; ratio: number }>;
  /** Medians over the rounds. */
  perPost: PerUnit;
  perDelivery: PerUnit;
  /** CPU (app + PostgreSQL) per delivery ÷ per POST /leads: the median of the rounds' ratios. */
  ratio: number;
  problems: string[];
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

export async function webhookCostScenario(ctx: BenchContext, app: Server): Promise<WebhookCostExtra> {
  const { options } = ctx;
  const postsPerRun = options.quick ? 300 : 1_000;
  const perSecond = options.webhookRate;
  const problems: string[] = [];
  await removeBenchEndpoints(ctx);
  await dropQueued(ctx);
  const receiver = await startWebhookReceiver();
  const ids: string[] = [];
  try {
    for (let n = 1; n <= ENDPOINTS; n++) ids.push(await createEndpoint(ctx, app, `${receiver.url}/cost/${n}`));
    let subscribedNow = true;
    const subscribe = async (on: boolean) => {
      if (on !== subscribedNow) for (const id of ids) await setEvents(ctx, app, id, on ? ["*"] : NO_EVENTS);
      subscribedNow = on;
    };
    const create = createLeadRequests(ctx);

    /** One run: the writes, then (subscribed) their deliveries; its cost from before to after. */
    const run = async (subscribed: boolean): Promise<RunCost> => {
      await subscribe(subscribed);
      await dropQueued(ctx);
      await receiver.take();
      await sleep(STATS_SETTLE_MS);
      const base = receiver.count();
      const before = await counters(ctx);
      const appBefore = cpuMs(app.pid);
      const pg = await startPgCpuMeter(ctx.sql);
      const sent = await sendPaced({ url: app.url, count: postsPerRun, perSecond, request: create });
      const posts = sent.requests.filter((r) => r.status >= 200 && r.status < 300).length;
      const expected = subscribed ? posts * ENDPOINTS : 0;
      let benchQueries = 0;
      const deadline = nowMs() + 30_000;
      // The receiver's count first (no SQL), then the queue until its last job is completed.
      while (receiver.count() - base < expected && nowMs() < deadline) await sleep(20);
      for (;;) {
        benchQueries++;
        const [{ n }] = await ctx.sql<Array<{ n: number }>>`
          select count(*)::int as n from pgboss.job
          where name = 'deliver-webhook' and state in ('created', 'retry', 'active')`;
        if (n === 0 || nowMs() > deadline) break;
        await sleep(20);
      }
      // The dispatcher's step after the last write (none: it passes the events) is milliseconds.
      if (!subscribed) await sleep(200);
      const appCpuMs = cpuMs(app.pid) - appBefore;
      const pgCpuMs = await pg.stop();
      const deliveries = receiver.count() - base;
      if (deliveries < expected)
        problems.push(
          `7 delivery cost: ${expected - deliveries} of ${expected} deliveries had not arrived 30 s after the writes`,
        );
      await sleep(STATS_SETTLE_MS);
      const after = await counters(ctx);
      // The bench's own transactions in the window besides the queue checks: the first read of
      // the counters (published after it) and the meter's three.
      benchQueries += 4;
      const [{ wal }] = await ctx.sql<Array<{ wal: number }>>`
        select pg_wal_lsn_diff(${after.wal}::pg_lsn, ${before.wal}::pg_lsn)::float8 as wal`;
      return {
        posts,
        deliveries,
        appCpuMs: round(appCpuMs, 1),
        pgCpuMs: round(pgCpuMs, 1),
        transactions: after.transactions - before.transactions - benchQueries,
        scans: after.scans - before.scans,
        rowsWritten: after.rowsWritten - before.rowsWritten,
        walBytes: wal,
      };
    };

    progress(
      `7 delivery cost: warm-up (${postsPerRun} POST /leads at ${perSecond}/s, ${ENDPOINTS} endpoints subscribed)`,
    );
    await run(true);
    const rounds: WebhookCostExtra["rounds"] = [];
    for (let r = 1; r <= options.rounds; r++) {
      const none = await run(false);
      const subscribed = await run(true);
      const perPost = unitCost(none, none.posts);
      // The subscribed run less its writes at the none run's cost a write.
      const deliveriesCost = Object.fromEntries(
        Object.entries(perPost).map(([key, value]) => [
          key,
          subscribed[key as keyof PerUnit] - value * subscribed.posts,
        ]),
      ) as PerUnit;
      const perDelivery = unitCost(deliveriesCost, subscribed.deliveries);
      const ratio = round((perDelivery.appCpuMs + perDelivery.pgCpuMs) / (perPost.appCpuMs + perPost.pgCpuMs), 3);
      rounds.push({ none, subscribed, perPost, perDelivery, ratio });
      progress(
        `7 delivery cost: round ${r}/${options.rounds}: CPU a POST ${round(perPost.appCpuMs + perPost.pgCpuMs, 3)} ms (app ${perPost.appCpuMs}, PostgreSQL ${perPost.pgCpuMs}), a delivery ${round(perDelivery.appCpuMs + perDelivery.pgCpuMs, 3)} ms (app ${perDelivery.appCpuMs}, PostgreSQL ${perDelivery.pgCpuMs}): ratio ${ratio}; a delivery: ${perDelivery.transactions} transactions, ${perDelivery.scans} table scans, ${perDelivery.rowsWritten} rows written, ${perDelivery.walBytes} WAL bytes`,
      );
    }
    const medianOf = (pick: (r: (typeof rounds)[number]) => PerUnit) =>
      Object.fromEntries(
        Object.keys(rounds[0].perPost).map((key) => [key, median(rounds.map((r) => pick(r)[key as keyof PerUnit]))]),
      ) as PerUnit;
    return {
      postsPerRun,
      perSecond,
      rounds,
      perPost: medianOf((r) => r.perPost),
      perDelivery: medianOf((r) => r.perDelivery),
      ratio: median(rounds.map((r) => r.ratio)),
      problems,
    };
  } finally {
    await dropQueued(ctx).catch(() => {});
    for (const id of ids) await deleteEndpoint(ctx, app, id).catch(() => {});
    await removeBenchEndpoints(ctx);
    await receiver.stop();
    await removeCreatedLeads(ctx);
  }
}

function unitCost(cost: PerUnit, units: number): PerUnit {
  const per = (v: number) => (units ? round(v / units, 3) : Number.NaN);
  return {
    appCpuMs: per(cost.appCpuMs),
    pgCpuMs: per(cost.pgCpuMs),
    transactions: per(cost.transactions),
    scans: per(cost.scans),
    rowsWritten: per(cost.rowsWritten),
    walBytes: round(units ? cost.walBytes / units : Number.NaN, 0),
  };
}
