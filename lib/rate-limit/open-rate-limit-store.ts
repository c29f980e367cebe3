import { logger } from "@/lib/log/logger";
import type { RateLimitConfig } from "./rate-limit-config";
import type { RateLimitStore, RateLimitStoreKind } from "./rate-limit-store";
import { createMemorySlidingWindow } from "./memory-sliding-window";

// The store follows the environment: Upstash when both of its variables are set, else a plain
// Redis at REDIS_URL, else this process's memory (the embedded default: right for one process
// only, since every instance would count on its own).
export function chosenRateLimitStoreKind(env: NodeJS.ProcessEnv = process.env): RateLimitStoreKind {
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) return "upstash";
  if (env.REDIS_URL) return "redis";
  return "memory";
}

export async function openRateLimitStore(
  config: RateLimitConfig,
  onError: (error: Error) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RateLimitStore> {
  const kind = chosenRateLimitStoreKind(env);
  if (kind !== "upstash" && (env.UPSTASH_REDIS_REST_URL || env.UPSTASH_REDIS_REST_TOKEN)) {
    logger.warn("UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must both be set; not using Upstash", {
      store: kind,
    });
  }
  if (kind === "upstash") {
    const { openUpstashStore } = await import("./open-upstash-store");
    return openUpstashStore(env.UPSTASH_REDIS_REST_URL!, env.UPSTASH_REDIS_REST_TOKEN!, config);
  }
  if (kind === "redis") {
    const { openRedisStore } = await import("./open-redis-store");
    return openRedisStore(env.REDIS_URL!, config, onError);
  }
  return createMemorySlidingWindow(config);
}
