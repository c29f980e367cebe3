import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { BenchContext } from "../lib/context";
import { bearer } from "../lib/context";
import { progress } from "../lib/log";
import type { Server } from "../lib/processes";
import { median, percentile, round } from "../lib/stats";

// Scenario 8 (issue 21): what batches and intake cost.
// - 100 leads as one POST /leads/batch against 100 single POST /leads, one after another as an
//   integrator's script sends them (and, for contrast, 10 in flight), alternating in rounds:
//   leads a second, and the ratio within each round. Target: batch ÷ sequential singles ≥ 10.
// - POST /leads/intake latency on the seeded account, a third matching by email, a third by
//   phone (in another format than stored) and a third new; 4 in flight. Target: p99 ≤ 50 ms.
//   The plans of the match lookups are EXPLAINed: each must use its partial index.
// Both against the app as it runs in production (`next start`, limiter on REDIS_URL): the
// singles pay Next's own cost per request (bench/README.md, the floor) a hundred times, the
// batch once, as an integrator's calls would.

export const BULK_EXTRA = "8 bulk writes and intake (next start, limiter on REDIS_URL)";

export interface BulkExtra {
  batchSize: number;
  rounds: Array<{ singlesLeadsPerSecond: number; parallelLeadsPerSecond: number; batchLeadsPerSecond: number }>;
  median: { singlesLeadsPerSecond: number; parallelLeadsPerSecond: number; batchLeadsPerSecond: number };
  ratio: { perRound: number[]; median: number; againstParallel: number };
  intake: { requests: number; p50: number; p99: number; max: number; matched: Record<string, number> };
  plans: Array<{ match: string; indexes: string[]; seqScan: boolean }>;
}

const BATCH = 100;
const PARALLEL = 10;
const INTAKE_IN_FLIGHT = 4;

interface Answer {
  status: number;
  json: { data: Array<{ status: number }>; matched?: string | null };
}

async function post(server: Server, key: () => string, path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { ...bearer(key()), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Answer["json"] };
}

const leadBody = (tag: string, i: number) => ({ name: `Bench Lead ${tag} ${i}`, tags: ["bench"], source: "bench" });

async function timedLeadsPerSecond(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return round((BATCH * 1000) / (performance.now() - started), 1);
}

export async function bulkWritesScenario(ctx: BenchContext, server: Server): Promise<BulkExtra> {
  try {
    // Every request takes the next of the bench's keys, so the per-key limit never refuses
    // (100 singles a round, and the intake's hundreds).
    const key = () => ctx.nextKey();
    const expect = (what: string, ok: boolean, detail: unknown) => {
      if (!ok) throw new Error(`8 ${what}: ${JSON.stringify(detail).slice(0, 300)}`);
    };
    let n = 0;
    const singles = async () => {
      for (let i = 0; i < BATCH; i++) {
        const res = await post(server, key, "/api/v1/leads", leadBody("single", n++));
        expect("single POST", res.status === 201, res);
      }
    };
    const parallel = async () => {
      let next = 0;
      const worker = async () => {
        while (next < BATCH) {
          next++;
          const res = await post(server, key, "/api/v1/leads", leadBody("parallel", n++));
          expect("parallel POST", res.status === 201, res);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
    };
    const batch = async () => {
      const items = Array.from({ length: BATCH }, () => ({ op: "create", data: leadBody("batch", n++) }));
      const res = await post(server, key, "/api/v1/leads/batch", { items });
      expect("batch", res.status === 200 && res.json.data.every((r) => r.status === 201), res);
    };
    progress("8 bulk: warm-up");
    await singles();
    await parallel();
    await batch();
    const rounds: BulkExtra["rounds"] = [];
    for (let r = 1; r <= ctx.options.rounds; r++) {
      const singlesLeadsPerSecond = await timedLeadsPerSecond(singles);
      const parallelLeadsPerSecond = await timedLeadsPerSecond(parallel);
      const batchLeadsPerSecond = await timedLeadsPerSecond(batch);
      rounds.push({ singlesLeadsPerSecond, parallelLeadsPerSecond, batchLeadsPerSecond });
      progress(
        `8 bulk: round ${r}: singles ${singlesLeadsPerSecond} leads/s, ${PARALLEL} in flight ${parallelLeadsPerSecond}, batch ${batchLeadsPerSecond} (× ${round(batchLeadsPerSecond / singlesLeadsPerSecond, 1)})`,
      );
    }
    const perRound = rounds.map((r) => round(r.batchLeadsPerSecond / r.singlesLeadsPerSecond, 2));
    const intake = await intakeLatency(ctx, server, key);
    return {
      batchSize: BATCH,
      rounds,
      median: {
        singlesLeadsPerSecond: median(rounds.map((r) => r.singlesLeadsPerSecond)),
        parallelLeadsPerSecond: median(rounds.map((r) => r.parallelLeadsPerSecond)),
        batchLeadsPerSecond: median(rounds.map((r) => r.batchLeadsPerSecond)),
      },
      ratio: {
        perRound,
        median: median(perRound),
        againstParallel: median(rounds.map((r) => round(r.batchLeadsPerSecond / r.parallelLeadsPerSecond, 2))),
      },
      intake,
      plans: await matchPlans(ctx),
    };
  } finally {
    await removeBulkLeftovers(ctx);
  }
}

/** `+14155550123` → `(415) 555-0123`: the same number as a form would send it; undefined for a
 * seeded number libphonenumber calls impossible (the seed writes E.164 text without checking). */
const nationalFormat = (e164: string) => {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.formatNational() : undefined;
};

async function intakeLatency(ctx: BenchContext, server: Server, key: () => string): Promise<BulkExtra["intake"]> {
  const requests = ctx.options.quick ? 600 : 1_500;
  const sample = await ctx.sql<Array<{ email: string; phone: string }>>`
    select email, phone from leads
    where account_id = ${ctx.db.accountId} and deleted_at is null and email is not null and phone like '+1%'
      and not ('bench' = any(tags))
    order by random() limit ${requests * 3}`;
  const phones = sample.map((lead) => nationalFormat(lead.phone)).filter((phone): phone is string => !!phone);
  const run = Date.now().toString(36);
  const bodies = Array.from({ length: requests }, (_, i) => {
    const lead = sample[i % sample.length];
    if (i % 3 === 0) return { expected: "email", body: { name: "Bench Lead intake", email: lead.email.toUpperCase() } };
    if (i % 3 === 1)
      return { expected: "phone", body: { name: "Bench Lead intake", phone: phones[i % phones.length] } };
    return {
      expected: null,
      body: { name: `Bench Lead intake ${i}`, email: `bench-intake-${run}-${i}@example.net`, tags: ["bench"] },
    };
  });
  const latencies: number[] = [];
  const matched: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const { expected, body } = bodies[next++];
      const started = performance.now();
      const res = await post(server, key, "/api/v1/leads/intake", { ...body, message: "Bench inquiry" });
      latencies.push(performance.now() - started);
      const kind = String(res.json.matched);
      matched[kind] = (matched[kind] ?? 0) + 1;
      if (res.json.matched !== expected)
        throw new Error(`8 intake: expected ${expected}, got ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    }
  };
  progress(`8 intake: ${requests} inquiries, ${INTAKE_IN_FLIGHT} in flight`);
  await Promise.all(Array.from({ length: INTAKE_IN_FLIGHT }, worker));
  return {
    requests,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(Math.max(...latencies)),
    matched,
  };
}

// The lookups lib/leads/intake-lead.ts runs (findMatch), on a real lead of the account.
async function matchPlans(ctx: BenchContext): Promise<BulkExtra["plans"]> {
  const [lead] = await ctx.sql<Array<{ email: string; phone: string }>>`
    select email, phone from leads where account_id = ${ctx.db.accountId} and email is not null limit 1`;
  const plans: BulkExtra["plans"] = [];
  for (const [match, column, value] of [
    ["externalId", "external_id", "bench-none"],
    ["email", "email", lead.email],
    ["phone", "phone", lead.phone],
  ] as const) {
    const rows = await ctx.sql.unsafe(
      `explain select * from leads where account_id = $1 and ${column} = $2 and deleted_at is null
       order by created_at, id limit 1 for update`,
      [ctx.db.accountId, value],
    );
    const text = rows.map((r) => String(Object.values(r)[0])).join("\n");
    plans.push({
      match,
      indexes: [...text.matchAll(/Index (?:Only )?Scan using (\w+)/g)].map((m) => m[1]),
      seqScan: /Seq Scan/.test(text),
    });
  }
  return plans;
}

/** The leads this scenario made (tag bench, name Bench Lead …, as scenario 4's) and the inquiry
 * activities it wrote on seeded leads. */
async function removeBulkLeftovers(ctx: Pick<BenchContext, "sql" | "db">): Promise<void> {
  const leads = await ctx.sql`
    delete from leads where account_id = ${ctx.db.accountId} and tags = ${["bench"]}::text[] and name like 'Bench Lead %'`;
  const inquiries = await ctx.sql`
    delete from activities where account_id = ${ctx.db.accountId} and type = 'inquiry'`;
  progress(`8 bulk: removed ${leads.count} leads and ${inquiries.count} inquiry activities it made`);
}
