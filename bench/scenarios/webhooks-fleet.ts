import { alternate, type AlternationResult } from "../lib/alternate";
import { BENCH_POOL_SIZE, startApp } from "../lib/app-server";
import type { BenchContext } from "../lib/context";
import { runLoad } from "../lib/load";
import { progress } from "../lib/log";
import { APP_DIR } from "../lib/next-app";
import { sendBurst, sendPaced } from "../lib/paced-requests";
import { startServer, tsxNode, type Server } from "../lib/processes";
import { round } from "../lib/stats";
import { startWebhookReceiver } from "../lib/webhook-receiver";
import { createLeadRequests, removeCreatedLeads } from "./create-lead";
import { deliveryScaling, type FleetScalingExtra } from "./webhooks-fleet-scaling";
import {
  createEndpoint,
  deleteEndpoint,
  dropQueued,
  leadUpdates,
  phase,
  removeBenchEndpoints,
  setEnabled,
  type LagFigures,
} from "./webhooks";

// Scenario 7, the production layout (issue 32): a web process with RUN_WORKERS=0 and a
// `npm run worker` process beside it, on the bench database. The main app server is stopped by
// then (bench/run.ts), so no other process takes these jobs. Two figures:
// - what subscribers cost the write, with deliveries paused (no worker process running, so the
//   queue only fills): POST /leads with 3 endpoints ÷ none, and with 30 ÷ 3, alternating rounds.
//   The web process's dispatcher runs as in production: its fan-out is part of what is measured;
// - lag through the worker process: the same paced lead updates as scenario 7's in-process phase,
//   3 endpoints, against that phase's lag in the same run (≤ 1.5 at p50 and p99 is the target);
// - deliveries a second with two worker processes ÷ one, receivers answering in 200 ms
//   (bench/scenarios/webhooks-fleet-scaling.ts).

export const WEBHOOKS_FLEET_EXTRA = "7 webhooks, production layout (RUN_WORKERS=0 web + one npm run worker)";
const PORTS = { web: 3406, worker: 3407, secondWorker: 3408 };
const ENDPOINTS_MOST = 30;
const ENDPOINTS_LAG = 3;

export interface WebhooksFleetExtra {
  paced: LagFigures;
  /** Scenario 7's in-process paced lag, same run, and the ratios worker-process ÷ in-process. */
  inProcess?: { p50: number; p99: number };
  lagRatio?: { p50: number; p99: number };
  scaling: FleetScalingExtra;
  problems: string[];
}

export async function webhooksFleetScenario(
  ctx: BenchContext,
  inProcess: { p50: number; p99: number } | undefined,
): Promise<{ comparisons: AlternationResult[]; extra: WebhooksFleetExtra }> {
  const { options } = ctx;
  const problems: string[] = [];
  await removeBenchEndpoints(ctx);
  await dropQueued(ctx);
  const web = await startApp(ctx, "app-fleet-web", PORTS.web, "redis", undefined, { RUN_WORKERS: "0" });
  const receiver = await startWebhookReceiver();
  const ids: string[] = [];
  let enabledCount = 0;
  try {
    for (let n = 1; n <= ENDPOINTS_MOST; n++) ids.push(await createEndpoint(ctx, web, `${receiver.url}/hook/${n}`));
    enabledCount = ENDPOINTS_MOST;
    progress(`7 fleet: ${ENDPOINTS_MOST} endpoints (all events) on a RUN_WORKERS=0 web process, no worker yet`);
    /** The first `count` endpoints enabled, the rest disabled, from an empty queue. */
    const enable = async (count: number) => {
      for (let i = Math.min(count, enabledCount); i < Math.max(count, enabledCount); i++)
        await setEnabled(ctx, web, ids[i], i < count);
      enabledCount = count;
      await dropQueued(ctx);
    };
    const comparison = await writeCost(ctx, web, enable);

    await enable(ENDPOINTS_LAG);
    const worker = await startWorkerProcess(ctx, "app-fleet-worker", PORTS.worker);
    try {
      const update = leadUpdates(ctx);
      await phase(ctx, receiver, "fleet warm-up", problems, () =>
        sendBurst({ url: web.url, count: 50, concurrency: 4, request: update }),
      );
      const paced = await phase(ctx, receiver, "fleet paced", problems, () =>
        sendPaced({ url: web.url, count: options.webhookChanges, perSecond: options.webhookRate, request: update }),
      );
      const lagRatio = inProcess && {
        p50: round(paced.figures.lag.p50 / inProcess.p50, 2),
        p99: round(paced.figures.lag.p99 / inProcess.p99, 2),
      };
      progress(
        `7 fleet: lag through the worker process p50 ${paced.figures.lag.p50} ms, p99 ${paced.figures.lag.p99} ms` +
          (lagRatio ? ` (÷ in-process: ${lagRatio.p50}, ${lagRatio.p99})` : ""),
      );
      // Done with these endpoints: the scaling runs' own are then the only ones (a disabled one
      // would get a "skipped" row for each of their events).
      for (const id of ids.splice(0)) await deleteEndpoint(ctx, web, id);
      const scaling = await deliveryScaling(
        ctx,
        web,
        receiver,
        () => startWorkerProcess(ctx, "app-fleet-worker-2", PORTS.secondWorker),
        problems,
      );
      return { comparisons: [comparison], extra: { paced: paced.figures, inProcess, lagRatio, scaling, problems } };
    } finally {
      await worker.stop();
    }
  } finally {
    await dropQueued(ctx).catch(() => {});
    for (const id of ids) await deleteEndpoint(ctx, web, id).catch(() => {});
    await removeBenchEndpoints(ctx);
    await receiver.stop();
    await web.stop();
    await removeCreatedLeads(ctx);
  }
}

/** POST /leads at full load with none, 3 and 30 endpoints enabled; deliveries paused. */
function writeCost(ctx: BenchContext, web: Server, enable: (count: number) => Promise<void>) {
  const { options } = ctx;
  const create = createLeadRequests(ctx);
  const load = () =>
    runLoad({
      url: web.url,
      serverPid: web.pid,
      connections: options.connections,
      durationS: options.throughputSeconds,
      request: create,
    });
  const warm = () =>
    runLoad({ url: web.url, connections: options.connections, amount: ctx.db.keys.length + 200, request: create });
  const variant = (id: string, count: number, label: string) => ({
    id,
    label,
    warmup: async () => (await enable(count), warm()),
    run: async () => (await enable(count), load()),
  });
  return alternate(
    "7 POST /leads with webhook endpoints, deliveries paused (RUN_WORKERS=0, no worker process)",
    [
      variant("none", 0, "POST /leads, no endpoint"),
      variant("three", 3, "POST /leads, 3 endpoints"),
      variant("thirty", ENDPOINTS_MOST, `POST /leads, ${ENDPOINTS_MOST} endpoints`),
    ],
    [
      { of: "three", against: "none" },
      { of: "thirty", against: "three" },
    ],
    options.rounds,
  );
}

/** `npm run worker` (its script, under tsx as the npm script runs it) from the bench's build folder,
 * at the production settings; ready when its health listener answers. */
function startWorkerProcess(ctx: BenchContext, name: string, port: number): Promise<Server> {
  return startServer({
    name,
    command: tsxNode("scripts/worker.ts"),
    cwd: APP_DIR,
    env: {
      NODE_ENV: "production",
      DATABASE_URL: ctx.db.url,
      DATABASE_POOL_SIZE: BENCH_POOL_SIZE,
      SKIP_MIGRATIONS: "1",
      WORKER_HTTP_PORT: String(port),
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      JOBS_POLLING_INTERVAL_SECONDS: undefined,
      JOBS_MAINTENANCE_INTERVAL_SECONDS: undefined,
      WEBHOOK_TIMEOUT_MS: undefined,
      WEBHOOK_JOB_EXPIRE_SECONDS: undefined,
      WEBHOOK_ENDPOINT_CONCURRENCY: undefined,
      EVENTS_DISPATCH_POLL_MS: undefined,
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      REDIS_URL: ctx.redisUrl,
    },
    url: `http://127.0.0.1:${port}`,
    readyPath: "/api/health/ready",
  });
}
