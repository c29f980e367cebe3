import { spawn } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { generateApiKey } from "@/lib/keys/key-format";
import { newId } from "@/lib/ids/new-id";
import { startApp, type LimiterStore } from "../lib/app-server";
import { bearer, type BenchContext } from "../lib/context";
import { progress } from "../lib/log";
import { ROOT, tsxNode, type Server } from "../lib/processes";
import { median, round } from "../lib/stats";

// Scenario 5: what the limiter adds to a request on each store (limitApiKey called directly,
// sequentially), and whether the limit holds exactly across three app processes sharing one
// store: 300 concurrent requests for one fresh key, 100 to each process, must admit exactly 100.

export interface LimiterLatency {
  store: string;
  rounds: Array<{ p50: number; p99: number; mean: number; cpuMs: number }>;
  median: { p50: number; p99: number; mean: number; cpuMs: number };
}

export interface Exactness {
  store: LimiterStore;
  sent: number;
  admitted: number;
  limited: number;
  /** Admitted because the store did not answer in time (fail open), not by the count. */
  failOpen: number;
  other: Record<string, number>;
  /** Spawn → first 200 of each of the three processes. */
  readyMs: number[];
}

export async function limiterLatency(ctx: BenchContext): Promise<LimiterLatency[]> {
  const calls = ctx.options.quick ? 500 : 3000;
  progress(`5 limiter: ${calls} sequential limitApiKey calls per store and round, ${ctx.options.rounds} rounds`);
  const [node, ...args] = tsxNode("bench/workers/limiter-latency.ts", String(ctx.options.rounds), String(calls));
  const lines = await new Promise<string[]>((resolve, reject) => {
    const child = spawn(node, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        BENCH_REDIS_URL: ctx.redisUrl,
        BENCH_UPSTASH_URL: ctx.upstash.url,
        BENCH_UPSTASH_TOKEN: ctx.upstash.token,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d;
      for (const line of d.toString().split("\n").filter(Boolean)) progress(`5 limiter: ${line}`);
    });
    child.stderr.on("data", (d: Buffer) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      // A store that failed would let every call through quickly: that is not a measurement.
      if (code !== 0 || /unavailable/.test(err))
        reject(new Error(`limiter worker failed (${code}): ${err.slice(-2000)}`));
      else resolve(out.split("\n").filter(Boolean));
    });
  });
  const rows = lines.map(
    (l) => JSON.parse(l) as { store: string; p50: number; p99: number; mean: number; cpuMs: number },
  );
  const med = (rs: Array<Record<string, number>>, k: string) => round(median(rs.map((r) => r[k])), 3);
  return ["memory", "redis", "upstash"].map((store) => {
    const rs = rows
      .filter((r) => r.store === store)
      .map(({ p50, p99, mean, cpuMs }) => ({
        p50: round(p50, 3),
        p99: round(p99, 3),
        mean: round(mean, 3),
        cpuMs: round(cpuMs, 3),
      }));
    return {
      store,
      rounds: rs,
      median: { p50: med(rs, "p50"), p99: med(rs, "p99"), mean: med(rs, "mean"), cpuMs: med(rs, "cpuMs") },
    };
  });
}

async function freshKey(ctx: BenchContext): Promise<string> {
  const { key, hash, prefix } = generateApiKey();
  await ctx.sql`insert into api_keys (id, account_id, name, key_hash, prefix) values (${newId("apiKey")}, ${ctx.db.accountId}, ${"bench exactness"}, ${hash}, ${prefix})`;
  return key;
}

/** The status, and the RateLimit-Remaining header. */
function get(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; remaining: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, remaining: Number(res.headers["ratelimit-remaining"] ?? -1) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

export async function exactness(ctx: BenchContext, store: LimiterStore, basePort: number): Promise<Exactness> {
  progress(`5 exactness (${store}): starting three app processes`);
  const apps: Server[] = [];
  try {
    for (let i = 0; i < 3; i++) apps.push(await startApp(ctx, `app-exact-${store}-${i + 1}`, basePort + i, store));
    const lead = ctx.leadIds[0];
    // Load each process's API route, fill its database pool (10 connections: opening them
    // during the burst on a busy machine can take past the 2 s connect timeout) and open its
    // limiter connection first, with other keys.
    const warm = new Agent({ keepAlive: false, maxSockets: Infinity });
    for (const app of apps)
      await Promise.all(
        Array.from({ length: 20 }, () => get(warm, `${app.url}/api/v1/leads/${lead}`, bearer(ctx.nextKey()))),
      );
    const key = await freshKey(ctx);
    // A burst across a window boundary is judged by the sliding window's weighting (one more
    // request may fit there, by design), and on a busy machine a burst of 300 can take seconds:
    // start it with at least 20 s left in the window.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await sleep(left + 50);
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    const answers = await Promise.all(
      apps.flatMap((app) =>
        Array.from({ length: 100 }, () => get(agent, `${app.url}/api/v1/leads/${lead}`, bearer(key))),
      ),
    );
    const count = (s: number) => answers.filter((x) => x.status === s).length;
    const other: Record<string, number> = {};
    for (const { status } of answers) if (status !== 200 && status !== 429) other[status] = (other[status] ?? 0) + 1;
    // A store that does not answer within RATE_LIMIT_TIMEOUT_MS lets the request through
    // (fail open) with the full limit remaining: a counted admission never shows 100.
    const failOpen = answers.filter((x) => x.status === 200 && x.remaining === 100).length;
    const result = {
      store,
      sent: answers.length,
      admitted: count(200),
      limited: count(429),
      failOpen,
      other,
      readyMs: apps.map((a) => Math.round(a.readyMs)),
    };
    progress(
      `5 exactness (${store}): ${result.admitted} admitted (${failOpen} of them by the fail-open timeout), ${result.limited} limited of ${result.sent}`,
    );
    return result;
  } finally {
    for (const app of apps) await app.stop();
  }
}
