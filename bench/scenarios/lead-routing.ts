import { alternate, type AlternationResult } from "../lib/alternate";
import type { BenchContext } from "../lib/context";
import { runLoad } from "../lib/load";
import { progress } from "../lib/log";
import type { Server } from "../lib/processes";
import { createLeadRequests, removeCreatedLeads } from "./create-lead";

// Scenario 16 (issue 34): lead routing's cost and fairness on the bench account.
// - POST /leads with 5 routing rules (4 that the bench's website leads do not match, then a
//   round-robin default over 4 agents) against the same with no rule, alternating rounds on one
//   server: the rules read and the turn taken inside the insert are all that differ. Target ≥ 0.9.
// - 1,000 creates on 100 connections, the round robin over 4 agents: each agent's count of them.
//   Target: 250 ± 1 each.

export const ROUTING_EXTRA = "16 round robin spread (1,000 concurrent creates, 4 agents)";

export interface RoutingSpread {
  creates: number;
  statuses: Record<string, number>;
  perAgent: number[];
}

const AGENTS = 4;
const SPREAD_CREATES = 1_000;
const agentId = (i: number) => `user_benchroutingagent${i}`;

/** The bench's 4 agents, members of the bench account (kept from run to run). */
async function ensureAgents(ctx: Pick<BenchContext, "sql" | "db">): Promise<string[]> {
  const ids = Array.from({ length: AGENTS }, (_, i) => agentId(i));
  for (const [i, id] of ids.entries()) {
    await ctx.sql`insert into users (id, email, name, password_hash)
      values (${id}, ${`bench-routing-agent-${i}@bench.test`}, ${`Bench Agent ${i}`}, 'scrypt$disabled')
      on conflict do nothing`;
    await ctx.sql`insert into memberships (id, account_id, user_id, role)
      values (${`mem_benchrouting${i}`}, ${ctx.db.accountId}, ${id}, 'staff')
      on conflict do nothing`;
  }
  return ids;
}

/** The scenario's rules over its 4 agents, on the bench account (also `bench:profile --routing`). */
export async function addBenchRoutingRules(ctx: Pick<BenchContext, "sql" | "db">): Promise<void> {
  await addRules(ctx, await ensureAgents(ctx));
}

export async function removeRules(ctx: Pick<BenchContext, "sql" | "db">): Promise<void> {
  await ctx.sql`delete from lead_routing_rules where account_id = ${ctx.db.accountId}`;
}

/** Four rules the bench's leads (source website, tag bench) pass over, then the round robin. */
async function addRules(ctx: Pick<BenchContext, "sql" | "db">, agents: string[]): Promise<void> {
  await removeRules(ctx);
  const rules = [
    { name: "Zillow", conditions: { sources: ["portal:zillow"] }, agentIds: [agents[0]] },
    { name: "Luxury", conditions: { budgetMin: 2_000_000 }, agentIds: [agents[1]] },
    { name: "Renters", conditions: { interests: ["rent"], tags: ["renter"] }, agentIds: [agents[2]] },
    { name: "Spanish", conditions: { customFields: { language: "es" } }, agentIds: [agents[3]] },
  ];
  for (const [position, rule] of rules.entries())
    await ctx.sql`insert into lead_routing_rules (id, account_id, name, position, conditions, agent_ids)
      values (${`lrr_bench${position}`}, ${ctx.db.accountId}, ${rule.name}, ${position},
        ${ctx.sql.json(rule.conditions)}, ${rule.agentIds}::text[])`;
  await ctx.sql`insert into lead_routing_rules (id, account_id, name, position, is_default, agent_ids)
    values ('lrr_benchdefault', ${ctx.db.accountId}, 'Everyone', 99, true, ${agents}::text[])`;
  // Each rule's turn sequence, as saveRoutingRule makes it (lib/routing/turn-sequence.ts).
  for (const id of [...rules.keys()].map((position) => `lrr_bench${position}`).concat("lrr_benchdefault"))
    await ctx.sql.unsafe(`create sequence if not exists lead_routing_turns_${id} minvalue 0`);
}

export async function leadRoutingScenario(
  ctx: BenchContext,
  app: Server,
): Promise<{ comparison: AlternationResult; spread: RoutingSpread }> {
  const { options } = ctx;
  const agents = await ensureAgents(ctx);
  const create = createLeadRequests(ctx);
  const load = (seconds: number) =>
    runLoad({
      url: app.url,
      serverPid: app.pid,
      connections: options.connections,
      durationS: seconds,
      request: create,
    });
  try {
    const comparison = await alternate(
      "16 POST /leads with routing",
      [
        {
          id: "off",
          label: "POST /leads, no routing rule",
          run: async () => {
            await removeRules(ctx);
            return load(options.throughputSeconds);
          },
          warmup: () => load(options.warmupSeconds),
        },
        {
          id: "routed",
          label: "POST /leads, 5 rules + round robin",
          run: async () => {
            await addRules(ctx, agents);
            return load(options.throughputSeconds);
          },
        },
      ],
      [{ of: "routed", against: "off" }],
      options.rounds,
    );
    await removeCreatedLeads(ctx);

    await addRules(ctx, agents);
    progress(`16 routing: ${SPREAD_CREATES} creates on 100 connections`);
    const spreadRun = await runLoad({ url: app.url, connections: 100, amount: SPREAD_CREATES, request: create });
    const rows = await ctx.sql<Array<{ assigned_to: string | null; n: number }>>`
      select assigned_to, count(*)::int as n from leads
      where account_id = ${ctx.db.accountId} and tags = ${["bench"]}::text[] and name like 'Bench Lead %'
      group by assigned_to`;
    const counts = new Map(rows.map((r) => [r.assigned_to, r.n]));
    const spread = {
      creates: SPREAD_CREATES,
      statuses: spreadRun.statuses,
      perAgent: agents.map((a) => counts.get(a) ?? 0),
    };
    progress(`16 routing: per agent ${spread.perAgent.join(", ")}`);
    return { comparison, spread };
  } finally {
    await removeCreatedLeads(ctx);
    await removeRules(ctx);
  }
}
