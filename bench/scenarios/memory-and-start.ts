import { bearer, type BenchContext } from "../lib/context";
import { cycle, runLoad } from "../lib/load";
import { progress } from "../lib/log";
import { rssMb } from "../lib/proc-stat";
import type { Server } from "../lib/processes";
import { round } from "../lib/stats";

// Scenario 6: resident memory of the app before and after many GET /leads/:id (growth would be a
// leak: per-key maps, caches without bounds), and how long `next start` takes to answer.

export interface MemoryResult {
  requests: number;
  statuses: Record<string, number>;
  rssBeforeMb: number;
  rssAfterMb: number;
  growthPercent: number;
}

export async function memoryScenario(ctx: BenchContext, app: Server): Promise<MemoryResult> {
  const amount = ctx.options.memoryRequests;
  const nextLead = cycle(ctx.leadIds);
  const request = () => ({ path: `/api/v1/leads/${nextLead()}`, headers: bearer(ctx.nextKey()) });
  // Warm first: the baseline is a server that has served (pools, JIT, route modules loaded).
  await runLoad({ url: app.url, connections: ctx.options.connections, amount: 2_000, request });
  const before = rssMb(app.pid);
  progress(`6 memory: ${amount.toLocaleString("en-US")} requests, RSS before ${before.toFixed(0)} MB`);
  const result = await runLoad({ url: app.url, serverPid: app.pid, connections: ctx.options.connections, amount, request });
  const after = rssMb(app.pid);
  progress(`6 memory: RSS after ${after.toFixed(0)} MB (${result.rps} req/s)`);
  return { requests: result.requests, statuses: result.statuses, rssBeforeMb: round(before, 1), rssAfterMb: round(after, 1), growthPercent: round(((after - before) / before) * 100, 1) };
}
