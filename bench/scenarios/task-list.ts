import { alternate, type AlternationResult } from "../lib/alternate";
import { bearer, type BenchContext } from "../lib/context";
import { runSampler } from "../lib/latency-sampler";
import { progress } from "../lib/log";
import type { Server } from "../lib/processes";

// Scenario 17 (issue 34): GET /tasks?assignedTo=…&dueBefore=… at 1,000,000 tasks of the bench
// account (target p99 ≤ 50 ms), alternated with the same agent's open overdue tasks and the
// unfiltered first page. The tasks are made once in SQL and kept from run to run: 20 agents, due
// times spread over a year around the seeding (a task every ~31 s), the past ones mostly done, as
// an agency's history is. `analyze` after, so the planner knows the table. EXPLAIN ANALYZE of each
// query shows the index it reads (tasks_account_assignee_due_idx, …_status_due_idx).

const TASK_LIST_TITLE = "17 task list";
const TASKS = 1_000_000;
const AGENTS = 20;
const BATCH = 100_000;
const agentId = (i: number) => `user_benchtaskagent${i}`;

async function ensureAgents(ctx: BenchContext): Promise<string[]> {
  const ids = Array.from({ length: AGENTS }, (_, i) => agentId(i));
  for (const [i, id] of ids.entries()) {
    await ctx.sql`insert into users (id, email, name, password_hash)
      values (${id}, ${`bench-task-agent-${i}@bench.test`}, ${`Bench Task Agent ${i}`}, 'scrypt$disabled')
      on conflict do nothing`;
    await ctx.sql`insert into memberships (id, account_id, user_id, role)
      values (${`mem_benchtask${i}`}, ${ctx.db.accountId}, ${id}, 'staff')
      on conflict do nothing`;
  }
  return ids;
}

/** Tops the bench account up to TASKS tasks, in batches (no transaction holds a million rows). */
async function ensureTasks(ctx: BenchContext, agents: string[]): Promise<void> {
  const [{ have }] = await ctx.sql<Array<{ have: number }>>`
    select count(*)::int as have from tasks where account_id = ${ctx.db.accountId}`;
  for (let from = have; from < TASKS; from += BATCH) {
    const to = Math.min(TASKS, from + BATCH);
    await ctx.sql`
      insert into tasks (id, account_id, assigned_to, title, type, due_at, status, completed_at, created_at, updated_at)
      select 'task_bench' || lpad(n::text, 8, '0'), ${ctx.db.accountId}, (${agents}::text[])[1 + n % ${AGENTS}],
        'Bench task ' || n, (array['call','text','email','follow_up','showing','other']::task_type[])[1 + n % 6],
        due, st, case when st = 'done' then due else null end, due - interval '2 days', due - interval '2 days'
      from (
        select n, now() - interval '183 days' + n * interval '31 seconds' as due,
          (case when now() - interval '183 days' + n * interval '31 seconds' < now() and n % 10 <> 0
            then 'done' else 'open' end)::task_status as st
        from generate_series(${from}::int, ${to - 1}::int) as n
      ) t
      on conflict do nothing`;
    progress(`17 tasks: ${to.toLocaleString("en-US")} of ${TASKS.toLocaleString("en-US")}`);
  }
  await ctx.sql`analyze tasks`;
}

/** EXPLAIN ANALYZE of the statement GET /tasks runs for one agent's tasks due before `at`. */
async function planOf(ctx: BenchContext, agent: string, at: string, open: boolean) {
  const rows = await ctx.sql<Array<{ "QUERY PLAN": Array<{ Plan: PlanNode; "Execution Time": number }> }>>`
    explain (analyze, format json)
    select * from tasks where account_id = ${ctx.db.accountId} and assigned_to = ${agent}
      and due_at < ${at}::timestamptz ${open ? ctx.sql`and status = 'open'` : ctx.sql``}
    order by due_at, id limit 21`;
  const [{ Plan, "Execution Time": executionMs }] = rows[0]["QUERY PLAN"];
  const flat = (n: PlanNode): string[] => [
    n["Node Type"] + (n["Index Name"] ? ` (${n["Index Name"]})` : ""),
    ...(n.Plans ?? []).flatMap(flat),
  ];
  return { nodes: flat(Plan).join(" → "), executionMs: Math.round(executionMs * 100) / 100 };
}
type PlanNode = { "Node Type": string; "Index Name"?: string; Plans?: PlanNode[] };

export async function taskListScenario(
  ctx: BenchContext,
  app: Server,
): Promise<{ comparison: AlternationResult; plans: Array<{ label: string; nodes: string; executionMs: number }> }> {
  const { options } = ctx;
  const agents = await ensureAgents(ctx);
  await ensureTasks(ctx, agents);
  const now = new Date().toISOString();
  let turn = 0;
  const nextAgent = () => agents[turn++ % AGENTS];
  const paths: Array<[id: string, label: string, path: () => string]> = [
    ["first", "first page (no filter)", () => "/api/v1/tasks?limit=20"],
    ["due", "assignedTo=…&dueBefore=now", () => `/api/v1/tasks?assignedTo=${nextAgent()}&dueBefore=${now}&limit=20`],
    [
      "overdue",
      "assignedTo=…&status=open&dueBefore=now",
      () => `/api/v1/tasks?assignedTo=${nextAgent()}&status=open&dueBefore=${now}&limit=20`,
    ],
  ];
  const sample = (path: () => string, seconds: number) => () =>
    runSampler({
      url: app.url,
      serverPid: app.pid,
      connections: options.latencyConnections,
      durationS: seconds,
      request: () => ({ path: path(), headers: bearer(ctx.nextKey()) }),
    });
  const check = await fetch(`${app.url}${paths[1][2]()}`, { headers: bearer(ctx.nextKey()) });
  if (check.status !== 200) throw new Error(`17: GET /tasks answered ${check.status}: ${await check.text()}`);
  const comparison = await alternate(
    TASK_LIST_TITLE,
    paths.map(([id, label, path]) => ({
      id,
      label,
      run: sample(path, options.latencySeconds),
      warmup: sample(path, options.warmupSeconds),
    })),
    [
      { of: "due", against: "first" },
      { of: "overdue", against: "first" },
    ],
    options.rounds,
  );
  const plans = [];
  for (const [label, open] of [
    ["assignedTo + dueBefore", false],
    ["assignedTo + status=open + dueBefore", true],
  ] as const) {
    const plan = { label, ...(await planOf(ctx, agents[0], now, open)) };
    progress(`17 plan of ${label}: ${plan.nodes} (${plan.executionMs} ms)`);
    plans.push(plan);
  }
  return { comparison, plans };
}
