import { logger } from "@/lib/log/logger";

// The limiter's settings, read from the environment when the store is first built. The
// contract (API.md) says 100 requests per 60 s; the overrides exist so tests can use a small
// limit or a short window without waiting a minute.

export interface RateLimitConfig {
  /** Requests admitted per window. */
  limit: number;
  windowMs: number;
  /** After this long without an answer from the store, the request is let through. */
  timeoutMs: number;
  /** Namespace of the limiter's keys in Redis. */
  prefix: string;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value > 0) return value;
  // A typo must not take the API down (nor lift the limit): say so and keep the default.
  logger.warn("ignoring invalid rate limit setting", { setting: name, value: raw, used: fallback });
  return fallback;
}

export function readRateLimitConfig(): RateLimitConfig {
  return {
    limit: positiveInt("RATE_LIMIT_PER_MINUTE", 100),
    windowMs: positiveInt("RATE_LIMIT_WINDOW_MS", 60_000),
    timeoutMs: positiveInt("RATE_LIMIT_TIMEOUT_MS", 1_000),
    prefix: "lpm:rl",
  };
}
