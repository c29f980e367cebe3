import { logger } from "@/lib/log/logger";
import { readRateLimitConfig, type RateLimitConfig } from "./rate-limit-config";
import { windowEnd, type RateLimitResult, type RateLimitStore, type RateLimitStoreKind } from "./rate-limit-store";
import { chosenRateLimitStoreKind, openRateLimitStore } from "./open-rate-limit-store";

export type { RateLimitResult, RateLimitStoreKind };

// The API's per-key limit: 100 requests per sliding 60 s (API.md, "Rate limit"). The store is
// chosen once per process (see open-rate-limit-store). When it is unreachable or slow, the API
// keeps answering: the request is let through (at the latest after the timeout), and that is
// logged at most once a minute, since one line per request would drown the logs.

const WARN_EVERY_MS = 60_000;

/** Failures since the last warning, for the once-a-minute log line. */
interface FailureLog {
  store: RateLimitStoreKind;
  lastWarnAt: number;
  failures: number;
}

interface LimiterState {
  kind: RateLimitStoreKind;
  config: RateLimitConfig;
  store: Promise<RateLimitStore>;
  failureLog: FailureLog;
}

// On globalThis, so the many module graphs of a Next server and hot reloads share one store
// (one Redis connection, one in-memory count).
const globalForLimiter = globalThis as unknown as { __lpmRateLimiter?: LimiterState };

function warnUnavailable(log: FailureLog, error: unknown) {
  log.failures += 1;
  const now = Date.now();
  if (now - log.lastWarnAt < WARN_EVERY_MS) return;
  logger.warn("rate limit store unavailable; letting requests through", {
    store: log.store,
    error: error instanceof Error ? error.message : String(error),
    failures: log.failures,
  });
  log.lastWarnAt = now;
  log.failures = 0;
}

function getState(): LimiterState {
  const existing = globalForLimiter.__lpmRateLimiter;
  if (existing) return existing;
  const kind = chosenRateLimitStoreKind();
  const config = readRateLimitConfig();
  const failureLog: FailureLog = { store: kind, lastWarnAt: -Infinity, failures: 0 };
  // ioredis also reports a lost connection between requests; that is logged the same way.
  const store = openRateLimitStore(config, (error) => warnUnavailable(failureLog, error));
  // A store that failed to open (a malformed Upstash URL, say) stays failed: the environment is
  // read once, so retrying would only fail again, and would start a new log line each time.
  store.catch(() => {});
  const state: LimiterState = { kind, config, store, failureLog };
  globalForLimiter.__lpmRateLimiter = state;
  return state;
}

/** Counts one request for the API key and says whether it may proceed. Never throws. */
export async function limitApiKey(keyId: string): Promise<RateLimitResult> {
  const state = getState();
  try {
    return await (await state.store).limit(keyId);
  } catch (error) {
    warnUnavailable(state.failureLog, error);
    const { limit, windowMs } = state.config;
    return { success: true, limit, remaining: limit, reset: windowEnd(Date.now(), windowMs) };
  }
}

/** The store in use (or, before the first request, the one the environment selects). */
export function rateLimitStoreKind(): RateLimitStoreKind {
  return globalForLimiter.__lpmRateLimiter?.kind ?? chosenRateLimitStoreKind();
}

/** Closes the store and forgets it, so the next call reads the environment again. */
export async function resetRateLimiterForTests(): Promise<void> {
  const state = globalForLimiter.__lpmRateLimiter;
  globalForLimiter.__lpmRateLimiter = undefined;
  if (!state) return;
  const store = await state.store.catch(() => null);
  await store?.close();
}
