import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { LEAD_JSON_OF_L } from "../lib/bench-database";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/log";
import { nowMs } from "../lib/paced-requests";
import type { Server } from "../lib/processes";
import { median, round } from "../lib/stats";
import type { WebhookReceiver } from "../lib/webhook-receiver";
import { createEndpoint, deleteEndpoint, dropQueued } from "./webhooks";

// Scenario 7, the production layout: do deliveries scale with worker processes? (issue 32: 2
// processes ÷ 1 ≥ 1.8). Receivers that answer in RECEIVER_MS (bench/lib/webhook-receiver.ts,
// `/delay/<ms>/`), so a delivery waits on the network as real ones do, and ENDPOINTS of them: a
// process runs 8 workers of batches of 5 (lib/jobs/workers/deliver-webhook.ts), 40 deliveries in
// flight, and an endpoint takes at most WEBHOOK_ENDPOINT_CONCURRENCY (2) at once across the fleet,
// so 48 endpoints (an account may have 50) allow 96, more than two processes' 80: the endpoints'
// cap is not the limit.
// The first worker process stays up; the second is started for each "2 processes" run and stopped
// after it, in alternating rounds. Each run: BACKLOG_EVENTS events inserted in SQL in one
// transaction (lead.updated about real leads, as the feed's seed makes them), which the web
// process's dispatcher fans out at its next poll (≤ 1 s) into events × endpoints jobs; the
// receiver's arrivals from SETTLE_MS after the first one for `window` seconds, over that time.
// The backlog outlasts the window (checked: jobs still waiting at its end), and what is left is
// dropped.

const ENDPOINTS = 48;
const RECEIVER_MS = 200;
const BACKLOG_EVENTS = 120;
/** From the first arrival: the workers of every process are busy by then. */
const SETTLE_MS = 1_500;

export interface FleetScalingExtra {
  endpoints: number;
  receiverMs: number;
  windowS: number;
  rounds: Array<{ one: number; two: number; ratio: number }>;
  /** Medians: deliveries a second with one and two worker processes, and the median ratio. */
  one: number;
  two: number;
  ratio: number;
}

export async function deliveryScaling(
  ctx: BenchContext,
  web: Server,
  receiver: WebhookReceiver,
  startSecondWorker: () => Promise<Server>,
  problems: string[],
): Promise<FleetScalingExtra> {
  const { options } = ctx;
  const windowS = options.quick ? 4 : 8;
  const ids: string[] = [];
  try {
    for (let n = 1; n <= ENDPOINTS; n++)
      ids.push(await createEndpoint(ctx, web, `${receiver.url}/delay/${RECEIVER_MS}/scale/${n}`));
    progress(
      `7 fleet scaling: ${ENDPOINTS} endpoints answering in ${RECEIVER_MS} ms; ${BACKLOG_EVENTS} events a run (${(BACKLOG_EVENTS * ENDPOINTS).toLocaleString("en-US")} deliveries), ${windowS} s measured`,
    );
    const run = async (processes: number): Promise<number> => {
      await dropQueued(ctx);
      await receiver.take();
      const base = receiver.count();
      await insertEvents(ctx, BACKLOG_EVENTS);
      const deadline = nowMs() + 15_000;
      while (receiver.count() === base && nowMs() < deadline) await sleep(20);
      if (receiver.count() === base) throw new Error("7 fleet scaling: no delivery arrived 15 s after the events");
      await sleep(SETTLE_MS + windowS * 1000 + 200);
      const [{ waiting }] = await ctx.sql<Array<{ waiting: number }>>`
        select count(*)::int as waiting from pgboss.job where name = 'deliver-webhook' and state = 'created'`;
      const arrivals = (await receiver.take()).map((a) => a.at).sort((a, b) => a - b);
      const from = arrivals[0] + SETTLE_MS;
      const to = from + windowS * 1000;
      const perSecond = round(arrivals.filter((at) => at >= from && at < to).length / windowS, 1);
      if (waiting === 0)
        problems.push(
          `7 fleet scaling (${processes} worker processes): the backlog ran out before the window ended; ${perSecond}/s is a lower bound`,
        );
      progress(`7 fleet scaling: ${processes} worker process${processes > 1 ? "es" : ""}: ${perSecond} deliveries/s`);
      return perSecond;
    };
    const rounds: FleetScalingExtra["rounds"] = [];
    for (let r = 1; r <= options.rounds; r++) {
      const one = await run(1);
      const second = await startSecondWorker();
      let two: number;
      try {
        two = await run(2);
        await dropQueued(ctx);
      } finally {
        await second.stop();
      }
      rounds.push({ one, two, ratio: round(two / one, 3) });
    }
    return {
      endpoints: ENDPOINTS,
      receiverMs: RECEIVER_MS,
      windowS,
      rounds,
      one: median(rounds.map((r) => r.one)),
      two: median(rounds.map((r) => r.two)),
      ratio: median(rounds.map((r) => r.ratio)),
    };
  } finally {
    await dropQueued(ctx).catch(() => {});
    for (const id of ids) await deleteEndpoint(ctx, web, id).catch(() => {});
  }
}

/** `count` lead.updated events of the bench account in one transaction, each about a live lead
 * in its public shape; ids `evt_00<run><n>`, as the feed's seed makes them (bench-database.ts). */
async function insertEvents(ctx: BenchContext, count: number): Promise<void> {
  const run = randomBytes(4).toString("hex");
  await ctx.sql`
    insert into events (id, account_id, type, object_id, data, actor_type, actor_id, actor_name, request_id)
    select 'evt_00' || ${run} || lpad(l.n::text, 12, '0'), l.account_id, 'lead.updated', l.id,
      ('{"object":' || (${ctx.sql.unsafe(LEAD_JSON_OF_L)})::text || ',"previousAttributes":{"notes":null}}')::json,
      'system', null, 'Bench fleet scaling', null
    from (
      select row_number() over (order by id) as n, * from leads
      where account_id = ${ctx.db.accountId} and deleted_at is null limit ${count}
    ) l`;
}
