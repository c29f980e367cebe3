import autocannon, { type RawRequest } from "autocannon";
import { cpuMs, rssMb } from "./proc-stat";
import { round } from "./stats";

// One load run against one server: autocannon's figures plus the server's own CPU per request,
// measured from /proc before and after, so the framework's cost shows even when the shared
// machine's other load moves throughput around.

export interface LoadSpec {
  url: string;
  /** Builds each request (path, method, headers, body); called once per request sent. */
  request: () => RawRequest;
  connections: number;
  durationS?: number;
  amount?: number;
  /** The server process whose CPU is charged to these requests. */
  serverPid?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  /** Server CPU milliseconds per request (user + system, process tree). */
  cpuMsPerRequest: number | null;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  rssMbAfter: number | null;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const cpuBefore = spec.serverPid ? cpuMs(spec.serverPid) : 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.durationS }),
    timeout: 30,
    // autocannon expects its own request object back, headers included.
    requests: [
      {
        setupRequest: (base) => {
          const r = spec.request();
          return { ...base, ...r, headers: { ...base.headers, ...r.headers } };
        },
      },
    ],
  });
  const cpuAfter = spec.serverPid ? cpuMs(spec.serverPid) : 0;
  const requests = Object.values(result.statusCodeStats).reduce((n, s) => n + Number(s.count), 0);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, Number(s.count)]),
  );
  return {
    requests,
    rps: round(requests / result.duration, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: round(result.latency.mean, 2),
    cpuMsPerRequest: spec.serverPid && requests ? round((cpuAfter - cpuBefore) / requests, 3) : null,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses,
    rssMbAfter: spec.serverPid ? round(rssMb(spec.serverPid), 1) : null,
  };
}

/** Round-robin over a list: each call gives the next item. */
export function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error("cycle over an empty list");
  let i = 0;
  return () => items[i++ % items.length];
}
