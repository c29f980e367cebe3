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
  warmUpRequests: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  growthPercent: number;
  /** RSS after each tenth of the requests: a leak climbs steadily, a heap at its size does not. */
  rssSamplesMb: number[];
}

// The heap takes thousands of requests to reach its working size (the young generation grows to
// `--max-semi-space-size`, the old one to what survives): a baseline after 2,000 requests read
// 253–262 MB, and the same server then held 367–410 MB from 20,000 requests to 200,000 (`npm run
// bench -- --only 6` and a 200k run sampled every 20k, session 16). It read low after scenario 1
// too, presumably V8 shrinking the heap while the server idled. The baseline is taken once the
// heap is at its working size.
const WARM_UP_REQUESTS = 20_000;

export async function memoryScenario(ctx: BenchContext, app: Server): Promise<MemoryResult> {
  const amount = ctx.options.memoryRequests;
  const nextLead = cycle(ctx.leadIds);
  const request = () => ({ path: `/api/v1/leads/${nextLead()}`, headers: bearer(ctx.nextKey()) });
  // Warm first: the baseline is a server that has served (pools, JIT, route modules, heap size).
  const warmUp = Math.min(WARM_UP_REQUESTS, amount);
  await runLoad({ url: app.url, connections: ctx.options.connections, amount: warmUp, request });
  const before = rssMb(app.pid);
  progress(
    `6 memory: ${amount.toLocaleString("en-US")} requests, RSS before ${before.toFixed(0)} MB (after ${warmUp.toLocaleString("en-US")} to warm up)`,
  );
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let seconds = 0;
  for (let tenth = 1; tenth <= 10; tenth++) {
    const result = await runLoad({
      url: app.url,
      serverPid: app.pid,
      connections: ctx.options.connections,
      amount: Math.round((amount * tenth) / 10) - Math.round((amount * (tenth - 1)) / 10),
      request,
    });
    requests += result.requests;
    seconds += result.requests / result.rps;
    for (const [code, n] of Object.entries(result.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    samples.push(round(rssMb(app.pid), 1));
  }
  const after = samples[samples.length - 1];
  progress(
    `6 memory: RSS after ${after.toFixed(0)} MB (${round(requests / seconds, 1)} req/s); every tenth: ${samples.map((mb) => mb.toFixed(0)).join(", ")} MB`,
  );
  return {
    requests,
    statuses,
    warmUpRequests: warmUp,
    rssBeforeMb: round(before, 1),
    rssAfterMb: after,
    growthPercent: round(((after - before) / before) * 100, 1),
    rssSamplesMb: samples,
  };
}
