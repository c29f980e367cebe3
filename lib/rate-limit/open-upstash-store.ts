import type { RateLimitConfig } from "./rate-limit-config";
import type { RateLimitStore } from "./rate-limit-store";
import { PipeliningUpstashClient } from "./pipelining-upstash-client";
import { createUpstashRatelimitStore } from "./upstash-ratelimit-store";

// UPSTASH_REDIS_REST_URL + UPSTASH_REDIS_REST_TOKEN: Upstash over its REST API, the production
// setup. The real @upstash/redis client, as Ratelimit expects.
export async function openUpstashStore(url: string, token: string, config: RateLimitConfig): Promise<RateLimitStore> {
  const { Redis } = await import("@upstash/redis");
  // Ratelimit stops waiting after timeoutMs; the request itself is abandoned later, so that a
  // slow first TLS handshake still completes for the next call, yet a hung Upstash cannot pile
  // up requests without end.
  const abandonAfterMs = Math.max(5_000, 2 * config.timeoutMs);
  const redis = new Redis({
    url,
    token,
    enableTelemetry: false,
    // One quick retry of a failed fetch; its default (5, backing off exponentially) outlives
    // any timeout we would accept.
    retry: { retries: 1, backoff: () => 50 },
    signal: () => AbortSignal.timeout(abandonAfterMs),
  });
  // Concurrent calls share one HTTP request (see pipelining-upstash-client).
  return createUpstashRatelimitStore("upstash", new PipeliningUpstashClient(redis), config, async () => {});
}
