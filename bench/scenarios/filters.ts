import { alternate, type AlternationResult } from "../lib/alternate";
import { explainLeadLists, type LeadListPlan } from "../lib/explain-lead-lists";
import { bearer, type BenchContext } from "../lib/context";
import { runSampler } from "../lib/latency-sampler";
import { progress } from "../lib/log";
import type { Server } from "../lib/processes";

// Scenario 3: filtered lists and search on the whole account (target: p99 ≤ 50 ms), each
// alternated with the unfiltered first page. The fixtures come from the data: an updatedAfter
// that about 1 % of leads pass, an email and a phone fragment that match one lead half-way down
// the list (a search the index must find, not a scan that stops early), a common last name.

interface Fixtures {
  updatedAfter: string;
  email: string;
  phone: string;
}

async function fixtures(ctx: BenchContext): Promise<Fixtures> {
  const { accountId } = ctx.db;
  const onePercent = Math.max(1, Math.round(ctx.db.leads / 100));
  const [recent] = await ctx.sql<Array<{ at: Date }>>`
    select updated_at as at from leads where account_id = ${accountId} and deleted_at is null
    order by updated_at desc offset ${onePercent} limit 1`;
  const [deep] = await ctx.sql<Array<{ email: string; phone: string }>>`
    select email, phone from leads where account_id = ${accountId} and deleted_at is null
      and email is not null and phone is not null
    order by created_at desc, id desc offset ${Math.round(ctx.db.leads * 0.5)} limit 1`;
  return {
    updatedAfter: recent.at.toISOString(),
    // `first.last.123456@example.com` → `last.123456`: a fragment from the middle.
    email: deep.email.split("@")[0].split(".").slice(1).join("."),
    phone: deep.phone.slice(-7),
  };
}

export async function filtersScenario(
  ctx: BenchContext,
  app: Server,
): Promise<{ comparison: AlternationResult; plans: LeadListPlan[] }> {
  const { options } = ctx;
  const f = await fixtures(ctx);
  progress(`3 filters: updatedAfter=${f.updatedAfter}, q=${f.email} (email), q=${f.phone} (phone), q=Kowalski (name)`);
  const paths: Array<[id: string, label: string, path: string]> = [
    ["first", "first page (no filter)", "/api/v1/leads?limit=100"],
    [
      "status",
      "status=qualified&updatedAfter (1 %)",
      `/api/v1/leads?limit=100&status=qualified&updatedAfter=${encodeURIComponent(f.updatedAfter)}`,
    ],
    [
      "sync",
      "updatedAfter (1 %) sort=updatedAt",
      `/api/v1/leads?limit=100&sort=updatedAt&updatedAfter=${encodeURIComponent(f.updatedAfter)}`,
    ],
    ["qEmail", "q=<email fragment> (1 lead)", `/api/v1/leads?limit=100&q=${encodeURIComponent(f.email)}`],
    ["qPhone", "q=<7 phone digits> (1 lead)", `/api/v1/leads?limit=100&q=${f.phone}`],
    ["qName", "q=Kowalski (~4 %)", "/api/v1/leads?limit=100&q=Kowalski"],
  ];
  const sample = (path: string, seconds: number) => () =>
    runSampler({
      url: app.url,
      serverPid: app.pid,
      connections: options.latencyConnections,
      durationS: seconds,
      request: () => ({ path, headers: bearer(ctx.nextKey()) }),
    });
  const comparison = await alternate(
    "3 filters and search on the whole account",
    paths.map(([id, label, path]) => ({
      id,
      label,
      run: sample(path, options.latencySeconds),
      warmup: sample(path, options.warmupSeconds),
    })),
    paths.slice(1).map(([id]) => ({ of: id, against: "first" })),
    options.rounds,
  );
  const plans = await explainLeadLists(
    ctx,
    paths.map(([, label, path]) => [label, path]),
  );
  for (const plan of plans) progress(`3 plan of ${plan.label}: ${plan.nodes.join(" → ")} (${plan.executionMs} ms)`);
  return { comparison, plans };
}
