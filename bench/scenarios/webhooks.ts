import { setTimeout as sleep } from "node:timers/promises";
import { cursorScope, encodeCursor } from "@/lib/pagination/cursor";
import { alternate, type AlternationResult } from "../lib/alternate";
import { bearer, type BenchContext } from "../lib/context";
import { runSampler } from "../lib/latency-sampler";
import { runLoad } from "../lib/load";
import { progress } from "../lib/log";
import { nowMs, sendBurst, sendPaced, type SendResult } from "../lib/paced-requests";
import type { Server } from "../lib/processes";
import { percentile, round } from "../lib/stats";
import { startWebhookReceiver, type Arrival, type WebhookReceiver } from "../lib/webhook-receiver";
import { createLeadRequests, removeCreatedLeads } from "./create-lead";

// Scenario 7: events and webhooks. Three endpoints (all events) on a loopback receiver
// (bench/lib/webhook-receiver.ts), delivered by the workers inside the app server as deployed by
// default (instrumentation.ts). Four figures:
// - the feed: GET /events, first page and a page 90 % deep in the account's events (a million on
//   the full run, seeded in SQL by bench/lib/bench-database.ts), p99 of each;
// - lag: lead updates (PATCH /leads/:id, a new `notes` each) paced at 100 a second, open loop;
//   each webhook's arrival at the receiver minus the arrival at the client of the 2xx of the
//   change it reports (matched on the body's `requestId`, the change's X-Request-Id);
// - deliveries a second: the receiver's arrivals during an unpaced burst of updates, and after it;
// - what subscribers cost the API: POST /leads at full load with the three endpoints enabled
//   against none, same server, alternating rounds.
// Deliveries are waited for WAIT_S after a phase's last 2xx at most: what has not arrived by then
// is counted missing (its lag is at least that wait: the percentiles it reaches are lower bounds)
// and dropped from the queue, so that each phase and round starts from an empty queue. The
// endpoints are deleted at the end (and any a dead run left, before every run), so no other
// scenario pays for deliveries.

const ENDPOINTS = 3;
/** The report's `extra` entry of this scenario (bench/lib/targets.ts reads it). */
export const WEBHOOKS_EXTRA = "7 webhooks (lag at a paced 100 changes/s; deliveries/s in a burst)";
/** The endpoints' description: how a later run finds those a dead run left behind. */
const MARKER = "bench scenario 7 (webhooks)";
const QUEUE = "deliver-webhook";
/** How long after a phase's last 2xx its deliveries are waited for. */
const WAIT_S = 30;

interface Percentiles {
  p50: number;
  p99: number;
}

export interface LagFigures {
  changes: number;
  /** The rate the changes were answered at. */
  changesPerSecond: number;
  /** The change's 2xx − when it was due (paced: open loop, so queueing counts), ms. */
  api: Percentiles;
  /** Deliveries expected (2xx changes × endpoints), received (first arrival of each), missing
   * (not received within WAIT_S of the phase's last 2xx). */
  expected: number;
  received: number;
  duplicates: number;
  missing: number;
  /** Receiver arrival − the change's 2xx at the client, ms. A missing delivery counts with the
   * lag it had when the wait ended (a lower bound). */
  lag: Percentiles & { p90: number; max: number };
  /** Jobs still queued when the wait ended, dropped. */
  dropped: number;
}

/** Where the lag goes, from pg-boss's own times of the jobs delivered (created_on is the enqueuing
 * transaction's start) and the delivery log's time of each POST. */
interface LagBreakdown {
  jobs: number;
  /** created_on → started_on: waiting in the queue (plus the change's transaction), ms. */
  queued: Percentiles;
  /** started_on → completed_on: the batch of up to 20 the job ran in, ms. */
  batch: Percentiles;
  /** The POST to the receiver (webhook_deliveries.duration_ms). */
  post: Percentiles;
}

export interface WebhooksExtra {
  events: number;
  deepPosition: number;
  waitS: number;
  paced: LagFigures & { targetPerSecond: number; breakdown: LagBreakdown };
  burst: LagFigures & {
    concurrency: number;
    /** Receiver arrivals of this burst's deliveries while the API was answering it. */
    deliveriesPerSecond: number;
    /** … and after its last 2xx, until all arrived or the wait ended. */
    deliveriesPerSecondAfter: number;
  };
  /** Each "3 endpoints" round of the POST /leads comparison: deliveries its leads called for,
   * those received during the round, and those still queued at its end (dropped). */
  throughputRounds: Array<{ expected: number; deliveredDuringRound: number; queuedAtEnd: number }>;
  problems: string[];
}

export async function webhooksScenario(
  ctx: BenchContext,
  app: Server,
  events: number,
): Promise<{ comparisons: AlternationResult[]; extra: WebhooksExtra }> {
  const problems: string[] = [];
  const { options } = ctx;
  await removeBenchEndpoints(ctx);
  await dropQueued(ctx);
  const pages = await eventPages(ctx, app, events);
  const receiver = await startWebhookReceiver();
  const endpointIds: string[] = [];
  try {
    for (let n = 1; n <= ENDPOINTS; n++) endpointIds.push(await createEndpoint(ctx, app, `${receiver.url}/hook/${n}`));
    progress(`7 webhooks: ${ENDPOINTS} endpoints (all events) → ${receiver.url}/hook/1..${ENDPOINTS}`);
    const update = leadUpdates(ctx);

    // Warm-up: the PATCH route, the delivery path, the receiver.
    await phase(ctx, receiver, "warm-up", problems, () =>
      sendBurst({ url: app.url, count: 50, concurrency: 4, request: update }),
    );

    progress(
      `7 webhooks: ${options.webhookChanges.toLocaleString("en-US")} lead updates paced at ${options.webhookRate}/s (open loop)`,
    );
    const paced = await phase(ctx, receiver, "paced", problems, () =>
      sendPaced({ url: app.url, count: options.webhookChanges, perSecond: options.webhookRate, request: update }),
    );
    const breakdown = await lagBreakdown(ctx, endpointIds, paced.startedAt, paced.endedAt);
    progress(
      `7 webhooks: paced: ${paced.figures.changesPerSecond} changes/s answered (API p50 ${paced.figures.api.p50} ms, p99 ${paced.figures.api.p99} ms); lag p50 ${paced.figures.lag.p50} ms, p99 ${paced.figures.lag.p99} ms; ${paced.figures.missing.toLocaleString("en-US")} of ${paced.figures.expected.toLocaleString("en-US")} deliveries missing after ${WAIT_S} s`,
    );

    const concurrency = options.connections;
    progress(
      `7 webhooks: ${options.webhookBurst.toLocaleString("en-US")} lead updates unpaced (${concurrency} connections)`,
    );
    const burst = await phase(ctx, receiver, "burst", problems, () =>
      sendBurst({ url: app.url, count: options.webhookBurst, concurrency, request: update }),
    );
    const lastAnswer = Math.max(...burst.sent.requests.map((r) => r.answeredAt));
    const firstSent = Math.min(...burst.sent.requests.map((r) => r.scheduledAt));
    const during = burst.matched.filter((at) => at <= lastAnswer).length;
    const after = burst.matched.length - during;
    const lastArrival = Math.max(lastAnswer, ...burst.matched);
    const deliveriesPerSecond = round(during / ((lastAnswer - firstSent) / 1000), 1);
    const deliveriesPerSecondAfter = after ? round(after / ((lastArrival - lastAnswer) / 1000), 1) : 0;
    progress(
      `7 webhooks: burst: API ${burst.figures.changesPerSecond} changes/s; receiver ${deliveriesPerSecond} deliveries/s during it, ${deliveriesPerSecondAfter}/s after it; ${burst.figures.missing.toLocaleString("en-US")} of ${burst.figures.expected.toLocaleString("en-US")} missing after ${WAIT_S} s`,
    );

    const throughput = await throughputWithEndpoints(ctx, app, receiver, endpointIds);
    return {
      comparisons: [pages.comparison, throughput.comparison],
      extra: {
        events: pages.events,
        deepPosition: pages.deepPosition,
        waitS: WAIT_S,
        paced: { ...paced.figures, targetPerSecond: options.webhookRate, breakdown },
        burst: { ...burst.figures, concurrency, deliveriesPerSecond, deliveriesPerSecondAfter },
        throughputRounds: throughput.rounds,
        problems,
      },
    };
  } finally {
    await dropQueued(ctx).catch(() => {});
    for (const id of endpointIds) await deleteEndpoint(ctx, app, id).catch(() => {});
    await removeBenchEndpoints(ctx);
    await receiver.stop();
    await removeCreatedLeads(ctx);
  }
}

// --- the feed --------------------------------------------------------------------------------

/** GET /events?limit=100: the first page (oldest) and the page after the event `depth` in, in the
 * feed's (txid, id) order, the cursor encoded as the API encodes it (list-events.ts). */
async function eventPages(ctx: BenchContext, app: Server, wanted: number) {
  const { options } = ctx;
  const [{ n: events }] = await ctx.sql<Array<{ n: number }>>`
    select count(*)::int as n from events where account_id = ${ctx.db.accountId}`;
  if (events < wanted) throw new Error(`the bench account has ${events} events, fewer than ${wanted}`);
  const depth = Math.round(events * 0.9);
  progress(
    `7 events: making the cursor ${depth.toLocaleString("en-US")} events deep (of ${events.toLocaleString("en-US")})`,
  );
  const [row] = await ctx.sql<Array<{ txid: string; id: string; createdAt: Date }>>`
    select txid::text as txid, id, created_at as "createdAt" from events
    where account_id = ${ctx.db.accountId} and type <> 'webhook.test'
      and txid < pg_snapshot_xmin(pg_current_snapshot())
    order by txid, id offset ${depth - 1} limit 1`;
  // No filters: the scope of the account's unfiltered feed, as listEvents makes it; the default sort.
  const cursor = encodeCursor("createdAt", cursorScope("events", ctx.db.accountId, {}), {
    at: row.createdAt,
    id: `${row.txid}:${row.id}`,
  });
  const sample = (path: string, seconds: number) => () =>
    runSampler({
      url: app.url,
      serverPid: app.pid,
      connections: options.latencyConnections,
      durationS: seconds,
      request: () => ({ path, headers: bearer(ctx.nextKey()) }),
    });
  const first = "/api/v1/events?limit=100";
  const deep = `/api/v1/events?limit=100&cursor=${cursor}`;
  // The cursor is made here, not by the server: check that the server reads it as meant.
  const check = await fetch(`${app.url}${deep}`, { headers: bearer(ctx.nextKey()) });
  const page = (await check.json()) as { data?: Array<{ id: string }> };
  if (check.status !== 200 || page.data?.length !== 100)
    throw new Error(`the deep events cursor answered ${check.status}: ${JSON.stringify(page).slice(0, 300)}`);
  const comparison = await alternate(
    `7 GET /events?limit=100: first page vs a page ${depth.toLocaleString("en-US")} events deep`,
    [
      {
        id: "first",
        label: "GET /events first page",
        run: sample(first, options.latencySeconds),
        warmup: sample(first, options.warmupSeconds),
      },
      {
        id: "deep",
        label: `GET /events page at ${depth.toLocaleString("en-US")} (cursor)`,
        run: sample(deep, options.latencySeconds),
        warmup: sample(deep, options.warmupSeconds),
      },
    ],
    [{ of: "deep", against: "first" }],
    options.rounds,
  );
  return { comparison, events, deepPosition: depth };
}

// --- endpoints ---------------------------------------------------------------------------------

async function api(ctx: BenchContext, app: Server, method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: { ...bearer(ctx.nextKey()), ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as { data: { id: string } };
}

export async function createEndpoint(
  ctx: BenchContext,
  app: Server,
  url: string,
  events: string[] = ["*"],
): Promise<string> {
  return (await api(ctx, app, "POST", "/api/v1/webhook-endpoints", { url, events, description: MARKER })).data.id;
}

export const setEnabled = (ctx: BenchContext, app: Server, id: string, enabled: boolean) =>
  api(ctx, app, "PATCH", `/api/v1/webhook-endpoints/${id}`, { enabled });

/** The event types an endpoint takes: `NO_EVENTS` subscribes it to none the bench causes, so the
 * dispatcher finds no endpoint for its changes (a disabled one would get a "skipped" row each). */
export const setEvents = (ctx: BenchContext, app: Server, id: string, events: string[]) =>
  api(ctx, app, "PATCH", `/api/v1/webhook-endpoints/${id}`, { events });
/** No operation makes an `sms.received` event. */
export const NO_EVENTS = ["sms.received"];

export const deleteEndpoint = (ctx: BenchContext, app: Server, id: string) =>
  api(ctx, app, "DELETE", `/api/v1/webhook-endpoints/${id}`);

/** Endpoints a run left behind (it died before its clean-up): deleted, so that no scenario pays
 * for their deliveries. Run before every bench too (bench/run.ts). */
export async function removeBenchEndpoints(ctx: Pick<BenchContext, "sql" | "db">): Promise<void> {
  const removed = await ctx.sql`
    delete from webhook_endpoints where account_id = ${ctx.db.accountId} and description = ${MARKER}`;
  if (removed.count) progress(`7 webhooks: removed ${removed.count} endpoints a previous run left behind`);
}

// --- changes and their deliveries ----------------------------------------------------------------

/** PATCH /leads/:id over the sample of leads, each with notes no lead has yet (a PATCH that
 * changes nothing records no event). */
export function leadUpdates(ctx: BenchContext) {
  const run = Math.random().toString(36).slice(2, 8);
  let n = 0;
  return () => {
    n++;
    return {
      method: "PATCH",
      path: `/api/v1/leads/${ctx.leadIds[n % ctx.leadIds.length]}`,
      headers: { ...bearer(ctx.nextKey()), "content-type": "application/json" },
      body: JSON.stringify({ notes: `Bench webhooks ${run} ${n}` }),
    };
  };
}

const ok = (status: number) => status >= 200 && status < 300;

async function queueCount(ctx: BenchContext, states: string[]): Promise<number> {
  const [{ n }] = await ctx.sql<Array<{ n: number }>>`
    select count(*)::int as n from pgboss.job where name = ${QUEUE} and state::text = any(${states})`;
  return n;
}

/** Drops the queue's waiting jobs (the bench database's, never another), then lets the batch in
 * progress finish, so that what follows starts from an empty queue. Events the dispatcher has not
 * fanned out yet (an earlier phase's backlog, or a reused database's) are passed over first, or
 * their deliveries would be queued into the next phase and counted as its lag. Answers how many
 * jobs it dropped. */
export async function dropQueued(ctx: BenchContext): Promise<number> {
  await ctx.sql`
    update event_dispatch_positions p set txid = last.txid, event_id = last.id
    from (select txid, id from events order by txid desc, id desc limit 1) last
    where p.name = 'webhooks' and p.txid < last.txid`;
  const dropped = await ctx.sql`delete from pgboss.job where name = ${QUEUE} and state in ('created', 'retry')`;
  const until = nowMs() + 15_000;
  while ((await queueCount(ctx, ["active"])) > 0 && nowMs() < until) await sleep(100);
  return dropped.count;
}

interface PhaseResult {
  sent: SendResult;
  figures: LagFigures;
  /** Arrival times of this phase's deliveries (first of each). */
  matched: number[];
  startedAt: Date;
  endedAt: Date;
}

/** Sends the phase's changes, waits for their deliveries (WAIT_S after the last 2xx at most),
 * drops what is still queued and matches the arrivals to the changes. `paths`: the receiver paths
 * of the endpoints whose deliveries count (default: every arrival, ENDPOINTS a change); the wait
 * then ends once theirs have arrived, whatever other endpoints still hold in the queue. */
export async function phase(
  ctx: BenchContext,
  receiver: WebhookReceiver,
  what: string,
  problems: string[],
  send: () => Promise<SendResult>,
  paths?: string[],
): Promise<PhaseResult> {
  await receiver.take(); // whatever came late for an earlier phase
  const base = receiver.count();
  const startedAt = new Date();
  const sent = await send();
  const endedAt = new Date();
  const answered = sent.requests.filter((r) => ok(r.status));
  if (answered.length < sent.requests.length)
    problems.push(
      `7 webhooks (${what}): ${sent.requests.length - answered.length} of ${sent.requests.length} lead updates did not answer 2xx (${JSON.stringify(countBy(sent.requests.map((r) => r.status)))})`,
    );
  const expected = answered.length * (paths?.length ?? ENDPOINTS);
  const lastAnswer = Math.max(0, ...answered.map((r) => r.answeredAt));
  const deadline = lastAnswer + WAIT_S * 1000;
  while (nowMs() < deadline) {
    if (receiver.count() - base >= expected && (paths || (await queueCount(ctx, ["created", "retry", "active"])) === 0))
      break;
    await sleep(100);
  }
  const waitEnd = nowMs();
  const taken = await receiver.take();
  const arrivals = paths ? taken.filter((a) => paths.includes(a.path)) : taken;
  const dropped = await dropQueued(ctx);
  const { figures, matched } = lagFigures(sent, arrivals, waitEnd, paths?.length ?? ENDPOINTS);
  if (figures.missing)
    problems.push(
      `7 webhooks (${what}): ${figures.missing.toLocaleString("en-US")} of ${figures.expected.toLocaleString("en-US")} deliveries had not arrived ${WAIT_S} s after the last change's 2xx (${dropped.toLocaleString("en-US")} jobs still queued, dropped); their lag counts as at least the wait`,
    );
  return { sent, figures: { ...figures, dropped }, matched, startedAt, endedAt };
}

const countBy = (values: number[]) =>
  values.reduce<Record<string, number>>((acc, v) => ((acc[v] = (acc[v] ?? 0) + 1), acc), {});

/** Each change's deliveries matched to its 2xx by request id; the first arrival of each
 * (endpoint, webhook-id) counts, later ones are duplicates. */
function lagFigures(
  sent: SendResult,
  arrivals: Arrival[],
  waitEnd: number,
  endpoints: number,
): { figures: Omit<LagFigures, "dropped">; matched: number[] } {
  const answered = new Map<string, { at: number; received: number }>();
  for (const r of sent.requests)
    if (ok(r.status) && r.requestId) answered.set(r.requestId, { at: r.answeredAt, received: 0 });
  const seen = new Set<string>();
  const lags: number[] = [];
  const matched: number[] = [];
  let duplicates = 0;
  for (const a of [...arrivals].sort((x, y) => x.at - y.at)) {
    const change = a.requestId ? answered.get(a.requestId) : undefined;
    if (!change) continue;
    const key = `${a.path} ${a.webhookId}`;
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    change.received++;
    lags.push(a.at - change.at);
    matched.push(a.at);
  }
  const received = lags.length;
  // Not arrived: at least as late as the end of the wait.
  for (const change of answered.values())
    for (let i = change.received; i < endpoints; i++) lags.push(waitEnd - change.at);
  const apiTimes = sent.requests.filter((r) => ok(r.status)).map((r) => r.answeredAt - r.scheduledAt);
  return {
    figures: {
      changes: sent.requests.length,
      changesPerSecond: round(answered.size / sent.elapsedS, 1),
      api: { p50: round(percentile(apiTimes, 50), 1), p99: round(percentile(apiTimes, 99), 1) },
      expected: answered.size * endpoints,
      received,
      duplicates,
      missing: lags.length - received,
      lag: {
        p50: round(percentile(lags, 50), 1),
        p90: round(percentile(lags, 90), 1),
        p99: round(percentile(lags, 99), 1),
        max: round(percentile(lags, 100), 1),
      },
    },
    matched,
  };
}

async function lagBreakdown(ctx: BenchContext, endpointIds: string[], from: Date, to: Date): Promise<LagBreakdown> {
  const [jobs] = await ctx.sql<Array<{ n: number; queued: number[] | null; batch: number[] | null }>>`
    select count(*)::int as n,
      percentile_cont(array[0.5, 0.99]) within group (order by extract(epoch from started_on - created_on) * 1000) as queued,
      percentile_cont(array[0.5, 0.99]) within group (order by extract(epoch from completed_on - started_on) * 1000) as batch
    from pgboss.job where name = ${QUEUE} and state = 'completed' and created_on between ${from} and ${to}`;
  const [posts] = await ctx.sql<Array<{ post: number[] | null }>>`
    select percentile_cont(array[0.5, 0.99]) within group (order by duration_ms) as post
    from webhook_deliveries where endpoint_id = any(${endpointIds}) and created_at >= ${from}`;
  const pair = (v: number[] | null) => ({ p50: round(v?.[0] ?? Number.NaN, 1), p99: round(v?.[1] ?? Number.NaN, 1) });
  return { jobs: jobs.n, queued: pair(jobs.queued), batch: pair(jobs.batch), post: pair(posts.post) };
}

// --- what subscribers cost POST /leads -----------------------------------------------------------

async function throughputWithEndpoints(
  ctx: BenchContext,
  app: Server,
  receiver: WebhookReceiver,
  endpointIds: string[],
) {
  const { options } = ctx;
  const create = createLeadRequests(ctx);
  const rounds: WebhooksExtra["throughputRounds"] = [];
  let enabled = true;
  /** Switches the endpoints on or off, from an empty queue. */
  const prepare = async (enable: boolean) => {
    await dropQueued(ctx);
    if (enabled !== enable) for (const id of endpointIds) await setEnabled(ctx, app, id, enable);
    enabled = enable;
  };
  const load = (seconds: number) =>
    runLoad({
      url: app.url,
      serverPid: app.pid,
      connections: options.connections,
      durationS: seconds,
      request: create,
    });
  const warm = () =>
    runLoad({ url: app.url, connections: options.connections, amount: ctx.db.keys.length + 200, request: create });
  const comparison = await alternate(
    `7 POST /leads with ${ENDPOINTS} webhook endpoints vs none`,
    [
      {
        id: "none",
        label: "POST /leads, no endpoint",
        warmup: async () => (await prepare(false), warm()),
        run: async () => (await prepare(false), load(options.throughputSeconds)),
      },
      {
        id: "subscribed",
        label: `POST /leads, ${ENDPOINTS} endpoints (all events)`,
        warmup: async () => (await prepare(true), warm()),
        run: async () => {
          await prepare(true);
          const before = receiver.count();
          const result = await load(options.throughputSeconds);
          rounds.push({
            expected: (result.requests - result.non2xx) * ENDPOINTS,
            deliveredDuringRound: receiver.count() - before,
            queuedAtEnd: await queueCount(ctx, ["created", "retry", "active"]),
          });
          return result;
        },
      },
    ],
    [{ of: "subscribed", against: "none" }],
    options.rounds,
  );
  await dropQueued(ctx);
  return { comparison, rounds };
}
