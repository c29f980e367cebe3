import { appStartCommand, APP_DIR } from "./next-app";
import { startServer, type Server } from "./processes";
import type { BenchContext } from "./context";

/**
 * The pool size the app and the bare server run with here: 5, what this two-core machine does
 * best (the app's default is 10). postgres-js pipelines concurrent queries on a connection, so
 * fewer, busier connections mean fewer socket writes and wake-ups on both sides: scenario 1 on
 * --quick went from 0.59× to 0.69× the floor (5 rounds each; CPU per request 1.72× → 1.55× the
 * floor's). `DATABASE_POOL_SIZE=10 npm run bench` measures the default.
 */
export const BENCH_POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? "5";

export type LimiterStore = "redis" | "upstash";

// One `npm start` of the built app on the bench database, with the limiter on the given store;
// the build has the floor route (bench/lib/next-app.ts), which the server is ready once it answers.
// `build` picks another build (and node flags) than the bench's own: the profiler
// (bench/profile.ts) runs a readable build under --cpu-prof.
export function startApp(
  ctx: Pick<BenchContext, "db" | "redisUrl" | "upstash">,
  name: string,
  port: number,
  store: LimiterStore,
  build: { dir: string; nodeFlags?: string[] } = { dir: APP_DIR },
  /** More environment (scenario 14: an OTLP endpoint), and another command than `npm start`'s. */
  extraEnv: Record<string, string | undefined> = {},
  command: string[] = appStartCommand(port, build.dir, build.nodeFlags),
): Promise<Server> {
  const limiterEnv =
    store === "redis"
      ? { REDIS_URL: ctx.redisUrl, UPSTASH_REDIS_REST_URL: undefined, UPSTASH_REDIS_REST_TOKEN: undefined }
      : { REDIS_URL: undefined, UPSTASH_REDIS_REST_URL: ctx.upstash.url, UPSTASH_REDIS_REST_TOKEN: ctx.upstash.token };
  return startServer({
    name,
    command,
    cwd: build.dir,
    url: `http://127.0.0.1:${port}`,
    readyPath: "/api/bench-floor",
    env: {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // No load balancer to drain from: a stop closes the port at once.
      SHUTDOWN_DRAIN_MS: "0",
      DATABASE_URL: ctx.db.url,
      DATABASE_POOL_SIZE: BENCH_POOL_SIZE,
      // The limits of the contract: 100 a minute per key. Never the tests' overrides.
      RATE_LIMIT_PER_MINUTE: undefined,
      RATE_LIMIT_WINDOW_MS: undefined,
      // Scenario 7's receiver is on loopback, which webhook URLs may only name with this set.
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      // Workers in the web process, at the production settings: never the tests' overrides.
      RUN_WORKERS: undefined,
      JOBS_POLLING_INTERVAL_SECONDS: undefined,
      JOBS_MAINTENANCE_INTERVAL_SECONDS: undefined,
      WEBHOOK_TIMEOUT_MS: undefined,
      WEBHOOK_JOB_EXPIRE_SECONDS: undefined,
      WEBHOOK_ENDPOINT_CONCURRENCY: undefined,
      // Traces only where a scenario asks for them (14), never from the bench's own environment.
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      ...limiterEnv,
      ...extraEnv,
    },
  });
}
