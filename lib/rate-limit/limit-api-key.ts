import { logger } from "@/lib/log/logger";
import { createMemoryStore } from "./memory-store";
import {
  windowEnd,
  type RateLimitConfig,
  type RateLimitResult,
  type RateLimitStore,
  type RateLimitStoreKind,
} from "./rate-limit-store";

export type { RateLimitResult };

// The API's per-key limit: 100 requests per sliding 60 s (API.md, "Rate limit"). The app opens
// one limiter, on the store its environment selects, at its first request (`limitApiKey`);
// tests and the bench build their own (`createApiKeyLimiter`, `openApiKeyLimiter`). When the
// store is unreachable or slow, the API keeps answering: the request is let through (at the
// latest after the timeout), and that is logged at most once a minute, since one line per
// request would drown the logs.

type Env = Record<string, string | undefined>;

export interface ApiKeyLimiter {
  kind: RateLimitStoreKind;
  /** Counts one request for the API key and says whether it may proceed. Never throws. */
  limit(keyId: string): Promise<RateLimitResult>;
  close(): Promise<void>;
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value > 0) return value;
  // A typo must not take the API down (nor lift the limit): say so and keep the default.
  logger.warn("ignoring invalid rate limit setting", { setting: name, value: raw, used: fallback });
  return fallback;
}

/** The contract's 100 per 60 s; the overrides let tests use a small limit or a short window. */
export function readRateLimitConfig(env: Env = process.env): RateLimitConfig {
  return {
    limit: positiveInt(env, "RATE_LIMIT_PER_MINUTE", 100),
    windowMs: positiveInt(env, "RATE_LIMIT_WINDOW_MS", 60_000),
    timeoutMs: positiveInt(env, "RATE_LIMIT_TIMEOUT_MS", 1_000),
    prefix: "lpm:rl",
  };
}

/**
 * Upstash when both of its variables are set, else a plain Redis at REDIS_URL, else this
 * process's memory (the embedded default: right for one process only, since every instance
 * would count on its own).
 */
export function rateLimitStoreKind(env: Env = process.env): RateLimitStoreKind {
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) return "upstash";
  if (env.REDIS_URL) return "redis";
  return "memory";
}

const WARN_EVERY_MS = 60_000;

/** Reports a failed store: a warning at most once a minute, with the failures since the last. */
function failureLog(store: RateLimitStoreKind): (error: unknown) => void {
  let lastWarnAt = -Infinity;
  let failures = 0;
  return (error) => {
    failures += 1;
    const now = Date.now();
    if (now - lastWarnAt < WARN_EVERY_MS) return;
    logger.warn("rate limit store unavailable; letting requests through", {
      store,
      error: error instanceof Error ? error.message : String(error),
      failures,
    });
    lastWarnAt = now;
    failures = 0;
  };
}

/** The limiter over a given store: a store that fails or is too slow lets the request through. */
export function createApiKeyLimiter(
  store: RateLimitStore,
  config: RateLimitConfig,
  onFailure = failureLog(store.kind),
): ApiKeyLimiter {
  return {
    kind: store.kind,
    async limit(keyId) {
      try {
        return await store.limit(keyId);
      } catch (error) {
        onFailure(error);
        return {
          success: true,
          limit: config.limit,
          remaining: config.limit,
          reset: windowEnd(Date.now(), config.windowMs),
        };
      }
    },
    close: () => store.close(),
  };
}

function openStore(
  kind: RateLimitStoreKind,
  env: Env,
  config: RateLimitConfig,
  onError: (error: Error) => void,
): RateLimitStore {
  if (kind === "memory") return createMemoryStore(config);
  // Each Redis client is loaded only when chosen: ioredis alone costs about 8 MB of heap.
  const opening: Promise<RateLimitStore> =
    kind === "upstash"
      ? import("./upstash-store").then((m) =>
          m.createUpstashStore(env.UPSTASH_REDIS_REST_URL!, env.UPSTASH_REDIS_REST_TOKEN!, config),
        )
      : import("./redis-store").then((m) => m.createRedisStore(env.REDIS_URL!, config, onError));
  // A store that failed to open (a malformed Upstash URL, say) stays failed, and each call
  // reports it: the environment is read once, so retrying would only fail again.
  let opened: RateLimitStore | undefined;
  opening.then((store) => (opened = store)).catch(() => {});
  return {
    kind,
    // Once open, calls go straight to the store.
    limit: (identifier) => (opened ? opened.limit(identifier) : opening.then((store) => store.limit(identifier))),
    close: async () => (await opening.catch(() => undefined))?.close(),
  };
}

/** A limiter on the store `env` selects, as the app opens its own. */
export function openApiKeyLimiter(env: Env = process.env): ApiKeyLimiter {
  const kind = rateLimitStoreKind(env);
  if (kind !== "upstash" && (env.UPSTASH_REDIS_REST_URL || env.UPSTASH_REDIS_REST_TOKEN)) {
    logger.warn("UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must both be set; not using Upstash", {
      store: kind,
    });
  }
  const config = readRateLimitConfig(env);
  const onFailure = failureLog(kind);
  // ioredis also reports a connection lost between requests; that is logged the same way.
  return createApiKeyLimiter(openStore(kind, env, config, onFailure), config, onFailure);
}

// On globalThis, so the many module graphs of a Next server and hot reloads share one limiter
// (one Redis connection, one in-memory count).
const app = globalThis as unknown as { __lpmRateLimiter?: ApiKeyLimiter };

/** Counts one request for the API key on the app's limiter (opened at the first call). Never throws. */
export function limitApiKey(keyId: string): Promise<RateLimitResult> {
  app.__lpmRateLimiter ??= openApiKeyLimiter();
  return app.__lpmRateLimiter.limit(keyId);
}
