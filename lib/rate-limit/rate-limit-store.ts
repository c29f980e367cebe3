// What every store answers, whichever backs it (Upstash, a plain Redis, this process's memory),
// and the settings each is built with.

export type RateLimitStoreKind = "upstash" | "redis" | "memory";

export interface RateLimitConfig {
  /** Requests admitted per window. */
  limit: number;
  windowMs: number;
  /** After this long without an answer from the store, the request is let through. */
  timeoutMs: number;
  /** Namespace of the limiter's keys in Redis. */
  prefix: string;
}

export interface RateLimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms when a request frees up: the end of the current window (see deniedReset). */
  reset: number;
}

export interface RateLimitStore {
  kind: RateLimitStoreKind;
  /** Counts one request for the identifier. Throws when the store cannot answer in time. */
  limit(identifier: string): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/** End of the fixed window that `now` falls in. */
export function windowEnd(now: number, windowMs: number): number {
  return (Math.floor(now / windowMs) + 1) * windowMs;
}

/**
 * When a denied identifier frees up. The sliding window weighs the previous window by the part
 * of it still inside the last `windowMs`; at the window's very end that weight is still 100 %,
 * so a full window only lets a request through one millisecond later. @upstash/ratelimit reports
 * the end itself; we add the millisecond so a client that waits until `reset` is admitted.
 * (When the previous window's remainder is what blocks, a request frees up earlier: this is
 * then an upper bound.)
 */
export function deniedReset(end: number): number {
  return end + 1;
}
