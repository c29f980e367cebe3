import { execFileSync } from "node:child_process";
import path from "node:path";
import { alternate, type AlternationResult } from "../lib/alternate";
import { startApp } from "../lib/app-server";
import { bearer, type BenchContext } from "../lib/context";
import { cycle, runLoad } from "../lib/load";
import { progress } from "../lib/log";
import { APP_DIR } from "../lib/next-app";
import { startServer, tsxNode, type Server } from "../lib/processes";
import { createLeadRequests, removeCreatedLeads } from "./create-lead";
import type { RawRequest } from "autocannon";

// Scenario 14 (issue 30): what the fleet's instruments and its runtime cost on the two hottest
// routes, S1 GET /leads/:id and S4 POST /leads, each pair alternated in rounds on one machine.
//
// - Observed ÷ plain: the same build and command, one server exporting a span per request and
//   job over OTLP/HTTP to a sink in another process (bench/servers/otlp-sink.ts) and scraped at
//   GET /api/metrics every second (Prometheus' usual interval is 15 s), the other with no OTLP
//   endpoint and no scraper. The request counters and histogram count on both: they cannot be
//   turned off, so "off" is the app as deployed without a collector.
// - Node 24 ÷ Node 20: the same build started the same way (`next start`: scripts/start-server.mts
//   needs Node's type stripping, which 20 lacks), once by Node 24 (this process's) and once by
//   the machine's Node 20 (BENCH_NODE20, default /usr/bin/node).

export const RUNTIME_EXTRA = "14 runtime and observability";

export interface RuntimeExtra {
  otlp: { requests: number; bytes: number };
  scrapes: { ok: number; failed: number };
  node20: string | null;
  problems: string[];
}

const PORTS = { observed: 3403, nextOn24: 3404, nextOn20: 3405, sink: 3414 };
const SCRAPE_EVERY_MS = 1_000;

const nextStart = (node: string, port: number) => [
  node,
  "--max-semi-space-size=32",
  path.join(APP_DIR, "node_modules/next/dist/bin/next"),
  "start",
  APP_DIR,
  "-p",
  String(port),
  "-H",
  "127.0.0.1",
];

/** A load of `request` on a server, its CPU charged to that server. */
function loadOn(ctx: BenchContext, server: Server, request: () => RawRequest, seconds: number) {
  return () =>
    runLoad({
      url: server.url,
      serverPid: server.pid,
      connections: ctx.options.connections,
      durationS: seconds,
      request,
    });
}

/** S1 and S4 on `of` against `against`: two comparisons of two variants each. */
async function pairOnHotRoutes(
  ctx: BenchContext,
  title: string,
  against: { id: string; label: string; server: Server },
  of: { id: string; label: string; server: Server },
): Promise<AlternationResult[]> {
  const { options } = ctx;
  const nextLead = cycle(ctx.leadIds);
  const get = () => ({ path: `/api/v1/leads/${nextLead()}`, headers: bearer(ctx.nextKey()) });
  const create = createLeadRequests(ctx);
  const results: AlternationResult[] = [];
  for (const [route, request] of [
    ["S1 GET /leads/:id", get],
    ["S4 POST /leads", create],
  ] as const) {
    const variant = (side: typeof of) => ({
      id: side.id,
      label: `${side.label}, ${route}`,
      run: loadOn(ctx, side.server, request, options.throughputSeconds),
      // Every key once, so no key's first request of a minute (its lastUsedAt write) lands in a round.
      warmup: () =>
        runLoad({ url: side.server.url, connections: options.connections, amount: ctx.db.keys.length + 200, request }),
    });
    results.push(
      await alternate(
        `14 ${title}, ${route}`,
        [variant(against), variant(of)],
        [{ of: of.id, against: against.id }],
        options.rounds,
      ),
    );
  }
  await removeCreatedLeads(ctx);
  return results;
}

/** Scrapes GET /api/metrics every second while `work` runs, as a Prometheus on the host would. */
async function whileScraped<T>(server: Server, counts: RuntimeExtra["scrapes"], work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    fetch(`${server.url}/api/metrics`, { signal: AbortSignal.timeout(5_000) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) counts.ok++;
        else counts.failed++;
      })
      .catch(() => counts.failed++);
  }, SCRAPE_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export async function runtimeScenario(
  ctx: BenchContext,
  plain: Server,
): Promise<{ comparisons: AlternationResult[]; extra: RuntimeExtra }> {
  const extra: RuntimeExtra = {
    otlp: { requests: 0, bytes: 0 },
    scrapes: { ok: 0, failed: 0 },
    node20: null,
    problems: [],
  };
  const comparisons: AlternationResult[] = [];
  const servers: Server[] = [];
  try {
    const sink = await startServer({
      name: "otlp-sink",
      command: tsxNode("bench/servers/otlp-sink.ts"),
      env: { PORT: String(PORTS.sink) },
      url: `http://127.0.0.1:${PORTS.sink}`,
      readyPath: "/stats",
    });
    servers.push(sink);
    const observed = await startApp(ctx, "app-observed", PORTS.observed, "redis", undefined, {
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_SERVICE_NAME: "leadprop-bench",
    });
    servers.push(observed);
    comparisons.push(
      ...(await whileScraped(observed, extra.scrapes, () =>
        pairOnHotRoutes(
          ctx,
          "metrics and traces on ÷ off",
          { id: "off", label: "no collector, not scraped", server: plain },
          { id: "on", label: "OTLP to a sink, scraped every 1 s", server: observed },
        ),
      )),
    );
    extra.otlp = (await (await fetch(`${sink.url}/stats`)).json()) as RuntimeExtra["otlp"];
    if (!extra.otlp.requests) extra.problems.push("14: the OTLP sink received nothing: tracing was not on");
    if (extra.scrapes.failed) extra.problems.push(`14: ${extra.scrapes.failed} metric scrapes failed`);
    await observed.stop();

    const node20 = process.env.BENCH_NODE20 ?? "/usr/bin/node";
    const on24 = await startApp(
      ctx,
      "app-next-start-node24",
      PORTS.nextOn24,
      "redis",
      undefined,
      {},
      nextStart(process.execPath, PORTS.nextOn24),
    );
    servers.push(on24);
    let on20: Server;
    try {
      on20 = await startApp(
        ctx,
        "app-next-start-node20",
        PORTS.nextOn20,
        "redis",
        undefined,
        {},
        nextStart(node20, PORTS.nextOn20),
      );
    } catch (error) {
      extra.problems.push(`14: the app did not start on ${node20}: ${(error as Error).message}`);
      return { comparisons, extra };
    }
    servers.push(on20);
    extra.node20 = execFileSync(node20, ["--version"]).toString().trim();
    progress(`14: Node ${process.versions.node} against ${extra.node20}`);
    comparisons.push(
      ...(await pairOnHotRoutes(
        ctx,
        `Node ${process.versions.node} ÷ ${extra.node20}`,
        { id: "node20", label: `next start on ${extra.node20}`, server: on20 },
        { id: "node24", label: `next start on v${process.versions.node}`, server: on24 },
      )),
    );
    return { comparisons, extra };
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}
