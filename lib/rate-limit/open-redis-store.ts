import type { RateLimitConfig } from "./rate-limit-config";
import type { RateLimitStore } from "./rate-limit-store";
import { IoredisUpstashAdapter } from "./ioredis-upstash-adapter";
import { createUpstashRatelimitStore } from "./upstash-ratelimit-store";

// REDIS_URL: a self-hosted plain Redis, shared by every instance of the app.
export async function openRedisStore(
  url: string,
  config: RateLimitConfig,
  onError: (error: Error) => void,
): Promise<RateLimitStore> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    // While Redis is down, commands fail at once (and the request goes through) instead of
    // queueing in memory until it returns; none is resent later, the request is long answered.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    connectTimeout: Math.max(1_000, config.timeoutMs),
    commandTimeout: config.timeoutMs,
    // Keep trying to reconnect, at most a second apart, so the limit is back as soon as Redis is.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    // RESP2, as Upstash speaks it, and as Redis before 6 understands.
    protocol: 2,
    connectionName: "lpm-rate-limit",
    // Commands issued in the same tick (many requests under load) go out in one write.
    enableAutoPipelining: true,
  });
  // Without a listener ioredis prints every failed reconnect to the console.
  client.on("error", onError);
  const adapter = new IoredisUpstashAdapter(client, config.timeoutMs);
  return createUpstashRatelimitStore("redis", adapter, config, async () => {
    client.disconnect();
  });
}
