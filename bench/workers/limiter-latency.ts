// Scenario 5's per-call cost of the rate limiter: lib/rate-limit's limiter, opened from the
// environment as the app opens it (openApiKeyLimiter), called directly one call at a time, on
// each store in turn (memory, REDIS_URL, the Upstash REST path), rounds
// alternating. Prints one JSON line per store and round: {store, round, p50, p99, mean, cpuMs} in ms
// (cpuMs: this process's CPU per call: the client's share of the cost, the store's is elsewhere).
//   BENCH_REDIS_URL=… BENCH_UPSTASH_URL=… BENCH_UPSTASH_TOKEN=… \
//   node --import tsx bench/workers/limiter-latency.ts <rounds> <calls>
import { randomUUID } from "node:crypto";
import { openApiKeyLimiter } from "@/lib/rate-limit/limit-api-key";
import { percentile } from "../lib/stats";

const STORES = {
  memory: {},
  redis: { REDIS_URL: process.env.BENCH_REDIS_URL },
  upstash: {
    UPSTASH_REDIS_REST_URL: process.env.BENCH_UPSTASH_URL,
    UPSTASH_REDIS_REST_TOKEN: process.env.BENCH_UPSTASH_TOKEN,
  },
} as const;

async function main() {
  const rounds = Number(process.argv[2] ?? 3);
  const calls = Number(process.argv[3] ?? 1000);
  const run = randomUUID().slice(0, 8);
  for (let round = 1; round <= rounds; round++) {
    for (const [store, env] of Object.entries(STORES)) {
      // Only the store's variables: the limits of the contract, never the tests' overrides.
      const limiter = openApiKeyLimiter(env);
      // Identifiers nobody else counts, a few calls each: never limited, so every call does the
      // full count (a limited identifier would be answered from the ephemeral cache).
      const id = (i: number) => `key_bench_${run}_${store}_${round}_${i % 200}`;
      for (let i = 0; i < 100; i++) await limiter.limit(id(i)); // connection, script load, JIT
      const samples: number[] = [];
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < calls; i++) {
        const t = performance.now();
        const result = await limiter.limit(id(i + 100));
        samples.push(performance.now() - t);
        if (!result.success)
          throw new Error(`${store}: a call was limited; the measurement needs unlimited identifiers`);
      }
      const cpu = process.cpuUsage(cpuBefore);
      await limiter.close();
      if (limiter.kind !== store) throw new Error(`asked for ${store}, got ${limiter.kind}`);
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      process.stdout.write(
        `${JSON.stringify({ store, round, p50: percentile(samples, 50), p99: percentile(samples, 99), mean, cpuMs: (cpu.user + cpu.system) / 1000 / calls })}\n`,
      );
    }
  }
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
