import { alternate, type AlternationResult } from "../lib/alternate";
import { bearer, type BenchContext } from "../lib/context";
import { cycle, runLoad } from "../lib/load";
import type { Server } from "../lib/processes";
import type { LimiterStore } from "../lib/app-server";

// Scenario 1: GET /api/v1/leads/:id (key check, rate limit, plan, lead + 50 activities) under
// load, against the floor (constant JSON from a route of the same Next server) and against the
// bare node:http server doing the same database work without Next.js and without the limiter.
export async function getLeadScenario(ctx: BenchContext, app: Server, store: LimiterStore): Promise<AlternationResult> {
  const { options } = ctx;
  const nextLead = cycle(ctx.leadIds);
  const load =
    (url: string, pid: number, request: () => { path: string; headers?: Record<string, string> }, durationS: number) =>
    () =>
      runLoad({ url, serverPid: pid, connections: options.connections, durationS, request });
  // The API's warm-up uses every key once: a key's first request in a minute also writes its
  // lastUsedAt, which should not all land in the first measured round.
  const warmApi = () =>
    runLoad({ url: app.url, connections: options.connections, amount: ctx.db.keys.length + 200, request: api });
  const floor = () => ({ path: "/api/bench-floor" });
  const api = () => ({ path: `/api/v1/leads/${nextLead()}`, headers: bearer(ctx.nextKey()) });
  const bare = () => ({ path: `/leads/${nextLead()}`, headers: bearer(ctx.nextKey()) });
  await assertSameAnswer(app.url, ctx.bare.url, ctx.leadIds[0], ctx.nextKey());
  return alternate(
    `1 GET /leads/:id (limiter on ${store})`,
    [
      {
        id: "floor",
        label: "floor (constant route)",
        run: load(app.url, app.pid, floor, options.throughputSeconds),
        warmup: load(app.url, app.pid, floor, options.warmupSeconds),
      },
      {
        id: "api",
        label: `API GET /leads/:id, ${store}`,
        run: load(app.url, app.pid, api, options.throughputSeconds),
        warmup: warmApi,
      },
      {
        id: "bare",
        label: "bare node:http",
        run: load(ctx.bare.url, ctx.bare.pid, bare, options.throughputSeconds),
        warmup: load(ctx.bare.url, ctx.bare.pid, bare, options.warmupSeconds),
      },
    ],
    [
      { of: "api", against: "floor" },
      { of: "api", against: "bare" },
    ],
    options.rounds,
  );
}

/** The comparison only means something if the bare server does the same work: same body. */
async function assertSameAnswer(appUrl: string, bareUrl: string, leadId: string, key: string): Promise<void> {
  const [fromApp, fromBare] = await Promise.all(
    [`${appUrl}/api/v1/leads/${leadId}`, `${bareUrl}/leads/${leadId}`].map(async (url) => {
      const res = await fetch(url, { headers: bearer(key) });
      return JSON.stringify(await res.json());
    }),
  );
  if (fromApp !== fromBare)
    throw new Error(`the bare server answers GET /leads/${leadId} differently from the API:\n${fromApp}\n${fromBare}`);
}
