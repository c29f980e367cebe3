import { alternate, type AlternationResult } from "../lib/alternate";
import { bearer, type BenchContext } from "../lib/context";
import { runLoad } from "../lib/load";
import { progress } from "../lib/log";
import type { Server } from "../lib/processes";
import type { RawRequest } from "autocannon";

// Scenario 4: POST /api/v1/leads (validation, phone normalisation, the lead and its
// lead_created activity in one transaction, into the million-row table and its indexes)
// against the floor, under the same load.
export async function createLeadScenario(ctx: BenchContext, app: Server): Promise<AlternationResult> {
  const { options } = ctx;
  const create = createLeadRequests(ctx);
  const floor = () => ({ path: "/api/bench-floor" });
  const load = (request: () => RawRequest, seconds: number) => () =>
    runLoad({ url: app.url, serverPid: app.pid, connections: options.connections, durationS: seconds, request });
  return alternate(
    "4 POST /leads",
    [
      {
        id: "floor",
        label: "floor (constant route)",
        run: load(floor, options.throughputSeconds),
        warmup: load(floor, options.warmupSeconds),
      },
      {
        id: "create",
        label: "API POST /leads",
        run: load(create, options.throughputSeconds),
        warmup: () =>
          runLoad({
            url: app.url,
            connections: options.connections,
            amount: ctx.db.keys.length + 200,
            request: create,
          }),
      },
    ],
    [{ of: "create", against: "floor" }],
    options.rounds,
  );
}

/** POST /api/v1/leads requests, each a new lead (removeCreatedLeads finds them by name and tag). */
export function createLeadRequests(ctx: Pick<BenchContext, "nextKey">): () => RawRequest {
  let n = 0;
  return () => {
    n++;
    return {
      method: "POST",
      path: "/api/v1/leads",
      headers: { ...bearer(ctx.nextKey()), "content-type": "application/json" },
      body: JSON.stringify({
        name: `Bench Lead ${n}`,
        email: `bench.lead.${n}@example.com`,
        phone: `(415) 555-${String(n % 10_000).padStart(4, "0")}`,
        source: "website",
        tags: ["bench"],
      }),
    };
  };
}

/** Deletes the leads scenario 4 created (their activities go with them), so that the reused
 * database keeps the seeded shape from one run to the next. */
export async function removeCreatedLeads(ctx: Pick<BenchContext, "sql" | "db">): Promise<void> {
  // Requests still in flight when the load generator stopped finish first.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const deleted =
    await ctx.sql`delete from leads where account_id = ${ctx.db.accountId} and tags = ${["bench"]}::text[] and name like 'Bench Lead %'`;
  progress(`4 POST /leads: removed the ${deleted.count.toLocaleString("en-US")} leads it created`);
}
