import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

// Shared by the rate limit tests: choose the app limiter's store through its environment, give
// each test key ids nobody else uses, and keep bursts off window boundaries.

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const RATE_LIMIT_ENV = [
  "UPSTASH_REDIS_REST_URL",
  "UPSTASH_REDIS_REST_TOKEN",
  "REDIS_URL",
  "RATE_LIMIT_PER_MINUTE",
  "RATE_LIMIT_WINDOW_MS",
  "RATE_LIMIT_TIMEOUT_MS",
] as const;

/**
 * Replaces every rate limit variable with `env`, for the limiter behind the API routes. The app
 * opens that limiter once, at its first request, so this must run before the test file's first
 * request (each test file runs in a process of its own). Tests of the limiter itself build their
 * own (createApiKeyLimiter, openApiKeyLimiter) instead.
 */
export function setAppRateLimitEnv(env: Partial<Record<(typeof RATE_LIMIT_ENV)[number], string>>): void {
  for (const name of RATE_LIMIT_ENV) delete process.env[name];
  Object.assign(process.env, env);
}

/** A key id no other test or run uses, so counts in the shared Redis never collide. */
export function uniqueKeyId(): string {
  return `key_test_${randomUUID()}`;
}

/**
 * Waits, if needed, until at least `needMs` remain in the current fixed window. A burst that
 * straddles a boundary is judged by the sliding window's weighting (one more request may fit),
 * which is right, but not what an exact count asserts.
 */
export async function awayFromWindowEdge(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await sleep(left + 5);
}
