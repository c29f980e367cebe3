// `npm run bench [-- --quick]`: the API against Next.js's own floor and a bare node:http server,
// on the real PostgreSQL with a million leads (issue 9). Not part of `npm test`. See
// bench/README.md, and bench/lib/options.ts for the options.
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { Redis } from "ioredis";
import postgres from "postgres";
import { BENCH_POOL_SIZE, startApp } from "./lib/app-server";
import { startAutovacuumStandIn, type AutovacuumStandIn } from "./lib/autovacuum-stand-in";
import { dropBenchDatabase, prepareBenchDatabase, prepareBenchEvents } from "./lib/bench-database";
import type { BenchContext } from "./lib/context";
import { bearer } from "./lib/context";
import { cycle } from "./lib/load";
import { progress } from "./lib/log";
import { assertBuilt, buildApp } from "./lib/next-app";
import { readOptions } from "./lib/options";
import { startServer, tsxNode, type Server } from "./lib/processes";
import { newReport, writeReport, type Report } from "./lib/report";
import { evaluateTargets } from "./lib/targets";
import { createLeadScenario, removeCreatedLeads } from "./scenarios/create-lead";
import { deepPagesScenario } from "./scenarios/deep-pages";
import { filtersScenario } from "./scenarios/filters";
import { getLeadScenario } from "./scenarios/get-lead";
import { memoryScenario } from "./scenarios/memory-and-start";
import { exactness, limiterLatency } from "./scenarios/rate-limiter";
import { removeBenchEndpoints, webhooksScenario, WEBHOOKS_EXTRA, type WebhooksExtra } from "./scenarios/webhooks";
import { webhooksFleetScenario, WEBHOOKS_FLEET_EXTRA } from "./scenarios/webhooks-fleet";
import { webhookCostScenario, WEBHOOK_COST_EXTRA } from "./scenarios/webhook-delivery-cost";
import { webhookFaultsScenario, WEBHOOK_FAULTS_EXTRA } from "./scenarios/webhook-faults";
import { BULK_EXTRA, bulkWritesScenario } from "./scenarios/bulk-writes";
import { customFieldFilterScenario } from "./scenarios/custom-field-filter";
import { EXPORT_EXTRA, exportScenario } from "./scenarios/export-leads";
import { IMPORT_EXTRA, importScenario } from "./scenarios/lead-import";
import { RUNTIME_EXTRA, runtimeScenario } from "./scenarios/runtime-and-observability";
import { leadRoutingScenario, ROUTING_EXTRA } from "./scenarios/lead-routing";
import { taskListScenario } from "./scenarios/task-list";
import { deliveryQueueCostScenario, QUEUE_COST_EXTRA } from "./scenarios/delivery-queue-cost";

const PORTS = {
  appRedis: 3401,
  appUpstash: 3402,
  bare: 3412,
  front: 3413,
  exactRedis: 3421,
  exactUpstash: 3431,
};
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const UPSTASH_TOKEN = "bench-upstash-token";

// Cursors are sealed with the data key (lib/pagination/cursor.ts) and the bench makes deep ones
// itself: it and the app servers it starts (which inherit this environment) must share one key.
process.env.DATA_ENCRYPTION_KEY ??= randomBytes(32).toString("base64");
// Scenario 11 signs a web session for the bench owner: the app servers must verify it.
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64");

async function timed<T>(report: Report, step: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } finally {
    report.steps[step] = Date.now() - started;
  }
}

async function assertRedis() {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis at ${REDIS_URL} is not reachable (${(error as Error).message}); start it with scripts/ensure-services.sh`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Milliseconds of the first API request on a freshly started server (route load, pools). */
async function firstApiRequestMs(app: Server, key: string, leadId: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${app.url}/api/v1/leads/${leadId}`, { headers: bearer(key) });
  await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`first API request answered ${res.status}; see bench/results/logs/${app.name}.log`);
  return Math.round(performance.now() - started);
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const wanted = (scenario: string) => !options.only || options.only.has(scenario);
  const report = newReport({
    quick: options.quick,
    leads: options.leads,
    rounds: options.rounds,
    throughputSeconds: options.throughputSeconds,
    latencySeconds: options.latencySeconds,
    connections: options.connections,
    latencyConnections: options.latencyConnections,
    only: options.only ? [...options.only] : "all",
    ...(wanted("7") && {
      events: options.events,
      webhookChanges: options.webhookChanges,
      webhookBurst: options.webhookBurst,
      webhookRate: options.webhookRate,
    }),
  });
  const servers: Server[] = [];
  let sql: postgres.Sql | undefined;
  let autovacuum: AutovacuumStandIn | undefined;
  try {
    await assertRedis();
    if (["1", "2", "3", "4", "5", "6", "7", "8", "11", "12", "14", "16", "17"].some(wanted)) {
      if (options.build) await timed(report, "build", buildApp);
      else assertBuilt();
    }
    const db = await timed(report, "database", () =>
      prepareBenchDatabase({ name: options.dbName, leads: options.leads, keys: options.keys, fresh: options.fresh }),
    );
    const events = wanted("7")
      ? (await timed(report, "events", () => prepareBenchEvents(db, options.events))).events
      : 0;
    autovacuum = await timed(report, "vacuum", () => startAutovacuumStandIn(db.url));
    sql = postgres(db.url, { max: 2, onnotice: () => {} });
    // Webhook endpoints a dead scenario 7 left behind would make every write deliver.
    await removeBenchEndpoints({ sql, db });
    const leadIds = (
      await sql<
        Array<{ id: string }>
      >`select id from leads where account_id = ${db.accountId} and deleted_at is null and not ('bench' = any(tags)) order by random() limit 1000`
    ).map((r) => r.id);

    const front = await startServer({
      name: "upstash-front",
      command: tsxNode("bench/servers/upstash-front.ts"),
      env: { PORT: String(PORTS.front), REDIS_URL, URS_TOKEN: UPSTASH_TOKEN },
      url: `http://127.0.0.1:${PORTS.front}`,
      readyPath: "/",
      isReady: async () =>
        (
          await fetch(`http://127.0.0.1:${PORTS.front}/`, {
            method: "POST",
            headers: bearer(UPSTASH_TOKEN),
            body: '["PING"]',
          })
        ).status === 200,
    });
    servers.push(front);
    const bare = await startServer({
      name: "bare-server",
      command: tsxNode("bench/servers/bare-server.ts"),
      env: { PORT: String(PORTS.bare), DATABASE_URL: db.url, DATABASE_POOL_SIZE: BENCH_POOL_SIZE },
      url: `http://127.0.0.1:${PORTS.bare}`,
      readyPath: "/health",
    });
    servers.push(bare);
    const ctx: BenchContext = {
      options,
      db,
      sql,
      redisUrl: REDIS_URL,
      upstash: { url: front.url, token: UPSTASH_TOKEN },
      bare,
      nextKey: cycle(db.keys),
      leadIds,
    };
    const starts: Array<{ server: string; readyMs: number; firstApiRequestMs: number }> = [];

    if (["1", "2", "3", "4", "6", "7", "8", "11", "12", "14", "16", "17"].some(wanted)) {
      const app = await startApp(ctx, "app-redis", PORTS.appRedis, "redis");
      servers.push(app);
      starts.push({
        server: app.name,
        readyMs: Math.round(app.readyMs),
        firstApiRequestMs: await firstApiRequestMs(app, ctx.nextKey(), leadIds[0]),
      });
      if (wanted("1"))
        report.comparisons.push(await timed(report, "scenario 1 (redis)", () => getLeadScenario(ctx, app, "redis")));
      if (wanted("6"))
        report.extra["6 memory (GET /leads/:id, limiter on REDIS_URL)"] = await timed(report, "scenario 6", () =>
          memoryScenario(ctx, app),
        );
      if (wanted("2"))
        report.comparisons.push(...(await timed(report, "scenario 2", () => deepPagesScenario(ctx, app))));
      if (wanted("3")) {
        const { comparison, plans } = await timed(report, "scenario 3", () => filtersScenario(ctx, app));
        report.comparisons.push(comparison);
        report.extra["3 plans (EXPLAIN ANALYZE of each list query on the seeded rows)"] = plans;
      }
      if (wanted("4")) {
        report.comparisons.push(await timed(report, "scenario 4", () => createLeadScenario(ctx, app)));
        await removeCreatedLeads(ctx);
      }
      if (wanted("7")) {
        const { comparisons, extra } = await timed(report, "scenario 7", () => webhooksScenario(ctx, app, events));
        report.comparisons.push(...comparisons);
        report.extra[WEBHOOKS_EXTRA] = extra;
        report.problems.push(...extra.problems);
        const cost = await timed(report, "scenario 7 (delivery cost)", () => webhookCostScenario(ctx, app));
        report.extra[WEBHOOK_COST_EXTRA] = cost;
        report.problems.push(...cost.problems);
        const faults = await timed(report, "scenario 7 (faults)", () => webhookFaultsScenario(ctx, app));
        report.extra[WEBHOOK_FAULTS_EXTRA] = faults;
        report.problems.push(...faults.problems);
      }
      if (wanted("8")) report.extra[BULK_EXTRA] = await timed(report, "scenario 8", () => bulkWritesScenario(ctx, app));
      if (wanted("12")) {
        const { comparison, plans } = await timed(report, "scenario 12", () => customFieldFilterScenario(ctx, app));
        report.comparisons.push(comparison);
        report.extra["12 plans (EXPLAIN ANALYZE of each cf list query on the seeded rows)"] = plans;
      }
      if (wanted("11")) report.extra[EXPORT_EXTRA] = await timed(report, "scenario 11", () => exportScenario(ctx, app));
      if (wanted("14")) {
        const { comparisons, extra } = await timed(report, "scenario 14", () => runtimeScenario(ctx, app));
        report.comparisons.push(...comparisons);
        report.extra[RUNTIME_EXTRA] = extra;
        report.problems.push(...extra.problems);
      }
      if (wanted("17")) {
        const { comparison, plans } = await timed(report, "scenario 17", () => taskListScenario(ctx, app));
        report.comparisons.push(comparison);
        report.extra["17 plans (EXPLAIN ANALYZE of GET /tasks for one agent at 1,000,000 tasks)"] = plans;
      }
      if (wanted("16")) {
        const { comparison, spread } = await timed(report, "scenario 16", () => leadRoutingScenario(ctx, app));
        report.comparisons.push(comparison);
        report.extra[ROUTING_EXTRA] = spread;
      }
      await app.stop();
    }
    // Scenario 7's production layout: its own web and worker processes, the main app stopped so
    // that no other process takes their jobs.
    if (wanted("7")) {
      const lag = (report.extra[WEBHOOKS_EXTRA] as WebhooksExtra | undefined)?.paced.lag;
      const { comparisons, extra } = await timed(report, "scenario 7 (production layout)", () =>
        webhooksFleetScenario(ctx, lag && { p50: lag.p50, p99: lag.p99 }),
      );
      report.comparisons.push(...comparisons);
      report.extra[WEBHOOKS_FLEET_EXTRA] = extra;
      report.problems.push(...extra.problems);
    }
    // Scenario 13 needs no app server: a worker process on the bench database.
    if (wanted("13")) report.extra[IMPORT_EXTRA] = await timed(report, "scenario 13", () => importScenario(ctx));
    // Scenario 18 needs no app server either: a driver process per run on the bench database.
    if (wanted("18")) {
      const cost = await timed(report, "scenario 18", () => deliveryQueueCostScenario(ctx));
      report.extra[QUEUE_COST_EXTRA] = cost;
      report.problems.push(...cost.problems);
    }
    if (wanted("1")) {
      const app = await startApp(ctx, "app-upstash", PORTS.appUpstash, "upstash");
      servers.push(app);
      starts.push({
        server: app.name,
        readyMs: Math.round(app.readyMs),
        firstApiRequestMs: await firstApiRequestMs(app, ctx.nextKey(), leadIds[0]),
      });
      report.comparisons.push(await timed(report, "scenario 1 (upstash)", () => getLeadScenario(ctx, app, "upstash")));
      await app.stop();
    }
    if (wanted("5")) {
      report.extra["5 limiter cost per call (ms, sequential limitApiKey)"] = await timed(
        report,
        "scenario 5 latency",
        () => limiterLatency(ctx),
      );
      report.extra["5 exactness (3 app processes, 300 concurrent requests, one fresh key)"] = await timed(
        report,
        "scenario 5 exactness",
        async () => [
          await exactness(ctx, "redis", PORTS.exactRedis),
          await exactness(ctx, "upstash", PORTS.exactUpstash),
        ],
      );
    }
    if (starts.length)
      report.extra["6 start (spawn → first 200 of the floor route; then the first API request)"] = starts;
    report.targets = evaluateTargets(report);
    report.problems.push(...report.comparisons.flatMap((c) => c.problems));
  } finally {
    for (const server of servers.reverse()) await server.stop().catch(() => {});
    if (autovacuum) {
      await autovacuum.stop().catch(() => {});
      report.extra["autovacuum stand-in (bench/lib/autovacuum-stand-in.ts): vacuums by table"] = Object.fromEntries(
        autovacuum.vacuumed,
      );
    }
    await sql?.end().catch(() => {});
    if (options.dropAfter) {
      progress(`dropping database ${options.dbName} (--drop-after)`);
      await dropBenchDatabase(options.dbName);
    }
    report.finishedAt = new Date().toISOString();
    report.machine.loadAverageAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
    const { json, markdown } = writeReport(report);
    process.stdout.write(`${markdown}\n`);
    progress(`results: ${json} (and latest.md)`);
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`bench failed: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
