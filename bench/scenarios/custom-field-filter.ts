import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { queryObject } from "@/lib/api/parse-input";
import { customFieldFilterCondition } from "@/lib/custom-fields/custom-field-filter";
import { leadListJsonSelect } from "@/lib/leads/list-leads";
import { leadListQuery } from "@/lib/schemas/leads";
import { alternate, type AlternationResult } from "../lib/alternate";
import { bearer, type BenchContext } from "../lib/context";
import { runSampler } from "../lib/latency-sampler";
import { progress } from "../lib/log";
import type { Server } from "../lib/processes";

// Scenario 12: GET /leads?cf[key]=value on the whole account (issue 21; target p99 ≤ 50 ms at
// 1,000,000 leads), alternated with the unfiltered first page. The bench account gets two lead
// fields once: `bench_stage`, a single select whose values split the leads into four fifths and
// one rare value (1 lead in 1,000), and `bench_budget`, a number. Values are written in SQL as
// the compact JSON JavaScript writes (the column is json: lib/custom-fields/custom-field-records.ts).

const CUSTOM_FIELD_FILTER_TITLE = "12 custom field filters";
const STAGES = ["new", "warm", "hot", "cold"];
const RARE = "rare";
const BATCH = 50_000;

async function prepareValues(ctx: BenchContext): Promise<void> {
  const { accountId } = ctx.db;
  await ctx.sql`
    insert into custom_field_definitions (id, account_id, resource, key, label, type, options, position)
    values
      (${`cfd_bench_stage_${accountId}`}, ${accountId}, 'lead', 'bench_stage', 'Stage (bench)', 'single_select',
        ${[...STAGES, RARE]}, 100),
      (${`cfd_bench_budget_${accountId}`}, ${accountId}, 'lead', 'bench_budget', 'Budget (bench)', 'number', '{}', 101)
    on conflict do nothing`;
  // In batches, so the progress shows and no transaction holds a million row locks.
  for (let done = 0; ;) {
    const rows = await ctx.sql`
      update leads set custom_fields = (
        '{"bench_stage":"' ||
        case when abs(hashtext(id)) % 1000 = 0 then ${RARE} else (${STAGES}::text[])[1 + abs(hashtext(id)) % 4] end ||
        '","bench_budget":' || (abs(hashtext(id || 'b')) % 2000000) || '}')::json
      where id in (
        select id from leads where account_id = ${accountId}
          and not ((custom_fields::jsonb) ? 'bench_stage') limit ${BATCH})`;
    if (rows.count === 0) break;
    done += rows.count;
    progress(`12 custom fields: ${done.toLocaleString("en-US")} leads given values`);
  }
  await ctx.sql`analyze leads`;
}

/** EXPLAIN ANALYZE of the query GET /leads builds for `path`, cf filters included. */
async function planOf(ctx: BenchContext, path: string): Promise<{ nodes: string; executionMs: number }> {
  const db = drizzle(ctx.sql, { schema, casing: "snake_case" }) as unknown as Db;
  const query = leadListQuery.parse(queryObject(new URL(path, "http://bench")));
  const custom = await customFieldFilterCondition(db, ctx.db.accountId, "lead", query.cf);
  const { select } = leadListJsonSelect(db, ctx.db.accountId, query, custom);
  const rows = (await db.execute(sql`explain (analyze, format json) ${select.getSQL()}`)) as unknown as Array<{
    "QUERY PLAN": Array<{ Plan: PlanNode; "Execution Time": number }>;
  }>;
  const [{ Plan, "Execution Time": executionMs }] = rows[0]["QUERY PLAN"];
  const flat = (n: PlanNode): string[] => [
    n["Node Type"] + (n["Index Name"] ? ` (${n["Index Name"]})` : ""),
    ...(n.Plans ?? []).flatMap(flat),
  ];
  return { nodes: flat(Plan).join(" → "), executionMs: Math.round(executionMs * 100) / 100 };
}
type PlanNode = { "Node Type": string; "Index Name"?: string; Plans?: PlanNode[] };

export async function customFieldFilterScenario(
  ctx: BenchContext,
  app: Server,
): Promise<{ comparison: AlternationResult; plans: Array<{ label: string; nodes: string; executionMs: number }> }> {
  const { options } = ctx;
  await prepareValues(ctx);
  const paths: Array<[id: string, label: string, path: string]> = [
    ["first", "first page (no filter)", "/api/v1/leads?limit=100"],
    ["common", "cf[bench_stage]=hot (~25 %)", "/api/v1/leads?limit=100&cf[bench_stage]=hot"],
    ["rare", "cf[bench_stage]=rare (0.1 %)", "/api/v1/leads?limit=100&cf[bench_stage]=rare"],
    ["number", "cf[bench_budget]=<one value>", "/api/v1/leads?limit=100&cf[bench_budget]=1234567"],
    ["range", "cf[bench_budget][gte]=1990000 (0.5 %)", "/api/v1/leads?limit=100&cf[bench_budget][gte]=1990000"],
  ];
  const sample = (path: string, seconds: number) => () =>
    runSampler({
      url: app.url,
      serverPid: app.pid,
      connections: options.latencyConnections,
      durationS: seconds,
      request: () => ({ path, headers: bearer(ctx.nextKey()) }),
    });
  const check = await fetch(`${app.url}${paths[1][2]}`, { headers: bearer(ctx.nextKey()) });
  if (check.status !== 200) throw new Error(`12: ${paths[1][2]} answered ${check.status}: ${await check.text()}`);
  const comparison = await alternate(
    CUSTOM_FIELD_FILTER_TITLE,
    paths.map(([id, label, path]) => ({
      id,
      label,
      run: sample(path, options.latencySeconds),
      warmup: sample(path, options.warmupSeconds),
    })),
    paths.slice(1).map(([id]) => ({ of: id, against: "first" })),
    options.rounds,
  );
  const plans = [];
  for (const [, label, path] of paths) {
    const plan = { label, ...(await planOf(ctx, path)) };
    progress(`12 plan of ${label}: ${plan.nodes} (${plan.executionMs} ms)`);
    plans.push(plan);
  }
  return { comparison, plans };
}
