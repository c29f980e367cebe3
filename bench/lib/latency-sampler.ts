import { Agent } from "node:http";
import type { RawRequest } from "autocannon";
import { sendRawRequest } from "./raw-request";
import { cpuMs, rssMb } from "./proc-stat";
import { percentile, round } from "./stats";
import type { LoadResult, LoadSpec } from "./load";

// Latency at low concurrency, to the hundredth of a millisecond. autocannon records whole
// milliseconds, which is fine for throughput under load but too coarse to compare a 3 ms page
// with a 4 ms one. Each of `connections` loops sends its next request when the last answered.

function send(agent: Agent, base: URL, req: RawRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    sendRawRequest(agent, base, req, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    }).on("error", reject);
  });
}

export async function runSampler(spec: LoadSpec): Promise<LoadResult> {
  const base = new URL(spec.url);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const cpuBefore = spec.serverPid ? cpuMs(spec.serverPid) : 0;
  const started = performance.now();
  const until = spec.durationS ? started + spec.durationS * 1000 : Infinity;
  let budget = spec.amount ?? Infinity;
  const loop = async () => {
    while (performance.now() < until && budget-- > 0) {
      const t = performance.now();
      try {
        const status = await send(agent, base, spec.request());
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, loop));
  const elapsedS = (performance.now() - started) / 1000;
  const cpuAfter = spec.serverPid ? cpuMs(spec.serverPid) : 0;
  agent.destroy();
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
  const non2xx = requests - latencies.length;
  return {
    requests,
    rps: round(requests / elapsedS, 1),
    p50: round(percentile(latencies, 50), 2),
    p99: round(percentile(latencies, 99), 2),
    mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length), 2),
    cpuMsPerRequest: spec.serverPid && requests ? round((cpuAfter - cpuBefore) / requests, 3) : null,
    errors,
    non2xx,
    statuses,
    rssMbAfter: spec.serverPid ? round(rssMb(spec.serverPid), 1) : null,
  };
}
