import { Ratelimit, type RatelimitConfig } from "@upstash/ratelimit";
import type { RateLimitConfig } from "./rate-limit-config";
import { deniedReset, RateLimitTimeoutError, type RateLimitStore } from "./rate-limit-store";

/** What Ratelimit needs of a Redis client: the real @upstash/redis one, or our ioredis adapter. */
export type RatelimitRedis = RatelimitConfig["redis"];

// Both Redis paths run the very same limiter, @upstash/ratelimit's sliding window, so Upstash in
// production and a self-hosted Redis count alike; only the client under it differs.
export function createUpstashRatelimitStore(
  kind: "upstash" | "redis",
  redis: RatelimitRedis,
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
      if (response.reason === "timeout") throw new RateLimitTimeoutError(config.timeoutMs);
      const { success, limit, remaining, reset } = response;
      return { success, limit, remaining, reset: success ? reset : deniedReset(reset) };
    },
    close,
  };
}
