import { Ratelimit, type RatelimitConfig } from "@upstash/ratelimit";
import type { Redis, SetCommandOptions } from "@upstash/redis";
import { deniedReset, type RateLimitConfig, type RateLimitStore } from "./rate-limit-store";

/**
 * @upstash/ratelimit's sliding window over a Redis client. Both Redis stores run this very
 * limiter, so Upstash in production and a self-hosted Redis (redis-store.ts) count alike; only
 * the client under it differs.
 */
export function createRatelimitStore(
  kind: "upstash" | "redis",
  redis: RatelimitConfig["redis"],
  config: RateLimitConfig,
  close: () => Promise<void>,
): RateLimitStore {
  const ratelimit = new Ratelimit({
    redis,
    limiter: Ratelimit.slidingWindow(config.limit, `${config.windowMs} ms`),
    prefix: config.prefix,
    // Analytics would add writes to every request; telemetry would tag our requests to Upstash.
    analytics: false,
    enableTelemetry: false,
    // Past this, Ratelimit answers { success: true, reason: "timeout" } itself.
    timeout: config.timeoutMs,
  });
  return {
    kind,
    async limit(identifier) {
      const response = await ratelimit.limit(identifier);
      if (response.reason === "timeout") throw new Error(`no answer within ${config.timeoutMs} ms`);
      const { success, limit, remaining, reset } = response;
      return { success, limit, remaining, reset: success ? reset : deniedReset(reset) };
    },
    close,
  };
}

/** UPSTASH_REDIS_REST_URL + UPSTASH_REDIS_REST_TOKEN: Upstash over its REST API, the production setup. */
export async function createUpstashStore(url: string, token: string, config: RateLimitConfig): Promise<RateLimitStore> {
  // Loaded here, not above: the REDIS_URL store uses this file's limiter but not this client.
  const upstash = await import("@upstash/redis");
  // Ratelimit stops waiting after timeoutMs; the request itself is abandoned later, so that a
  // slow first TLS handshake still completes for the next call, yet a hung Upstash cannot pile
  // up requests without end.
  const abandonAfterMs = Math.max(5_000, 2 * config.timeoutMs);
  const redis = new upstash.Redis({
    url,
    token,
    enableTelemetry: false,
    // One quick retry of a failed fetch; its default (5, backing off exponentially) outlives
    // any timeout we would accept.
    retry: { retries: 1, backoff: () => 50 },
    signal: () => AbortSignal.timeout(abandonAfterMs),
  });
  return createRatelimitStore("upstash", new PipeliningUpstashClient(redis), config, async () => {});
}

type Pipeline = ReturnType<Redis["pipeline"]>;

interface Queued {
  add: (pipeline: Pipeline) => void;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Kept for speed. Each limiter call over Upstash's REST API is one HTTP request, and making one
 * costs this process about 1 ms of CPU (fetch, JSON, base64: `npm run bench`, scenario 5), more
 * than Next.js's own cost of a request. Under load many requests reach the limiter in the same
 * turn of the event loop: this client sends the commands of one turn as one `/pipeline` request
 * (flushed by setImmediate, so a lone call waits for nothing but the current turn). Each command
 * still runs on its own in Redis, atomically, so the count stays exact; each caller gets its own
 * result or error (a NOSCRIPT error still makes Ratelimit fall back to EVAL).
 * @upstash/redis's own `enableAutoPipelining` batches only within two microtasks, which requests
 * arriving on different sockets never share.
 */
export class PipeliningUpstashClient {
  private queue: Queued[] = [];

  constructor(private readonly redis: Pick<Redis, "pipeline">) {}

  private enqueue<T>(add: (pipeline: Pipeline) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The first command of a turn schedules the flush; the others join it.
      if (this.queue.push({ add, resolve: resolve as (value: unknown) => void, reject }) === 1) {
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    const pipeline = this.redis.pipeline();
    for (const queued of batch) queued.add(pipeline);
    try {
      const results = (await pipeline.exec({ keepErrors: true })) as Array<{ result: unknown; error?: string }>;
      batch.forEach((queued, i) => {
        const reply = results[i];
        if (!reply || reply.error)
          queued.reject(new Error(`Command failed: ${reply?.error ?? "no reply for this command"}`));
        else queued.resolve(reply.result);
      });
    } catch (error) {
      for (const queued of batch) queued.reject(error as Error);
    }
  }

  evalsha = <TArgs extends unknown[], TData = unknown>(sha1: string, keys: string[], args: TArgs): Promise<TData> =>
    this.enqueue((p) => p.evalsha(sha1, keys, args));

  eval = <TArgs extends unknown[], TData = unknown>(script: string, keys: string[], args: TArgs): Promise<TData> =>
    this.enqueue((p) => p.eval(script, keys, args));

  get = <TData>(key: string): Promise<TData | null> => this.enqueue((p) => p.get(key));

  set = <TData>(key: string, value: TData, opts?: SetCommandOptions): Promise<"OK" | TData | null> =>
    this.enqueue((p) => (opts ? p.set(key, value, opts) : p.set(key, value)));
}
