import { cursorScope, encodeCursor } from "@/lib/pagination/cursor";
import { alternate, type AlternationResult } from "../lib/alternate";
import { bearer, type BenchContext } from "../lib/context";
import { runSampler } from "../lib/latency-sampler";
import { progress } from "../lib/log";
import type { Server } from "../lib/processes";

// Scenario 2: a page of 100 deep in the account's leads costs what the first page costs, since
// the API pages by keyset. The deep cursor is made from the database directly (the row at that
// depth, encoded as the API encodes it) instead of walking thousands of pages. The bare server
// shows the same depth by OFFSET, which the API does not use.

async function deepCursor(ctx: BenchContext, depth: number): Promise<string> {
  const [row] = await ctx.sql<Array<{ createdAt: Date; id: string }>>`
    select created_at as "createdAt", id from leads
    where account_id = ${ctx.db.accountId} and deleted_at is null
    order by created_at desc, id desc offset ${depth - 1} limit 1`;
  if (!row) throw new Error(`the bench account has fewer than ${depth} leads`);
  // The list's filters are all unset: the scope of the account's unfiltered list, as listLeads makes it.
  return encodeCursor("-createdAt", cursorScope("leads", ctx.db.accountId, {}), { at: row.createdAt, id: row.id });
}

export async function deepPagesScenario(ctx: BenchContext, app: Server): Promise<AlternationResult[]> {
  const { options } = ctx;
  const depth = options.deepOffset;
  progress(`2 pages: making the cursor ${depth.toLocaleString("en-US")} rows deep`);
  const cursor = await deepCursor(ctx, depth);
  const sample = (url: string, pid: number, path: string, seconds: number) => () =>
    runSampler({
      url,
      serverPid: pid,
      connections: options.latencyConnections,
      durationS: seconds,
      request: () => ({ path, headers: bearer(ctx.nextKey()) }),
    });
  const keyset = await alternate(
    "2 GET /leads?limit=100: first page vs keyset page 90 % deep",
    [
      {
        id: "first",
        label: "API first page",
        run: sample(app.url, app.pid, "/api/v1/leads?limit=100", options.latencySeconds),
        warmup: sample(app.url, app.pid, "/api/v1/leads?limit=100", options.warmupSeconds),
      },
      {
        id: "deep",
        label: `API page at ${depth.toLocaleString("en-US")} (cursor)`,
        run: sample(app.url, app.pid, `/api/v1/leads?limit=100&cursor=${cursor}`, options.latencySeconds),
        warmup: sample(app.url, app.pid, `/api/v1/leads?limit=100&cursor=${cursor}`, options.warmupSeconds),
      },
    ],
    [{ of: "deep", against: "first" }],
    options.rounds,
  );
  const bare = ctx.bare;
  const offset = await alternate(
    "2 bare server: first page vs OFFSET page 90 % deep",
    [
      {
        id: "first",
        label: "bare first page",
        run: sample(bare.url, bare.pid, "/leads?limit=100", options.latencySeconds),
        warmup: sample(bare.url, bare.pid, "/leads?limit=100", options.warmupSeconds),
      },
      {
        id: "offset",
        label: `bare OFFSET ${depth.toLocaleString("en-US")}`,
        run: sample(bare.url, bare.pid, `/leads?limit=100&offset=${depth}`, options.latencySeconds),
        warmup: sample(bare.url, bare.pid, `/leads?limit=100&offset=${depth}`, options.warmupSeconds),
      },
    ],
    [{ of: "offset", against: "first" }],
    options.rounds,
  );
  return [keyset, offset];
}
