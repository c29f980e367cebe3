import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createApiKeyLimiter,
  limitApiKey,
  openApiKeyLimiter,
  rateLimitStoreKind,
  readRateLimitConfig,
  type ApiKeyLimiter,
  type RateLimitResult,
} from "@/lib/rate-limit/limit-api-key";
import { createMemoryStore } from "@/lib/rate-limit/memory-store";
import type { RateLimitConfig, RateLimitStore } from "@/lib/rate-limit/rate-limit-store";
import { createRedisStore } from "@/lib/rate-limit/redis-store";
import { createUpstashStore } from "@/lib/rate-limit/upstash-store";
import { awayFromWindowEdge, TEST_REDIS_URL, uniqueKeyId } from "../helpers/rate-limit-env";
import { startUpstashRestFront, type UpstashRestFront } from "../helpers/upstash-rest-front";

// The same contract for each store: 100 per sliding 60 s per key, counted against the real
// local Redis for both Redis paths (directly through ioredis, and through the Upstash REST front
// with the real @upstash/redis client). Each test builds its own limiter on an explicit store.

let front: UpstashRestFront;
const opened: ApiKeyLimiter[] = [];

beforeAll(async () => {
  front = await startUpstashRestFront({ redisUrl: TEST_REDIS_URL, token: randomUUID() });
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(opened.splice(0).map((limiter) => limiter.close()));
});

afterAll(async () => {
  await front?.close();
});

function keep(limiter: ApiKeyLimiter): ApiKeyLimiter {
  opened.push(limiter);
  return limiter;
}

const stores: Array<{ kind: string; open: (config: RateLimitConfig) => RateLimitStore | Promise<RateLimitStore> }> = [
  { kind: "memory", open: (config) => createMemoryStore(config) },
  { kind: "redis", open: (config) => createRedisStore(TEST_REDIS_URL, config, () => {}) },
  { kind: "upstash", open: (config) => createUpstashStore(front.url, front.token, config) },
];

describe.each(stores)("$kind store", ({ kind, open }) => {
  /** A limiter on this kind of store, with the contract's settings unless `env` overrides them. */
  async function limiterOn(env: Record<string, string> = {}): Promise<ApiKeyLimiter> {
    const config = readRateLimitConfig(env);
    return keep(createApiKeyLimiter(await open(config), config));
  }

  it("admits 100 sequential calls for a key, counting down, then refuses the 101st", async () => {
    const limiter = await limiterOn();
    expect(limiter.kind).toBe(kind);
    await awayFromWindowEdge(60_000, 5_000);
    const key = uniqueKeyId();
    const admitted: RateLimitResult[] = [];
    for (let i = 0; i < 100; i++) admitted.push(await limiter.limit(key));

    expect(admitted.every((r) => r.success && r.limit === 100)).toBe(true);
    expect(admitted.map((r) => r.remaining)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));

    const before = Date.now();
    const refused = await limiter.limit(key);
    expect(refused).toMatchObject({ success: false, limit: 100, remaining: 0 });
    expect(refused.reset).toBeGreaterThan(before);
    expect(refused.reset).toBeLessThanOrEqual(before + 60_001);
    // Still refused on the next call: the refusal did not count, nor lift anything.
    expect(await limiter.limit(key)).toMatchObject({ success: false, remaining: 0 });

    // Another key has its own window.
    expect(await limiter.limit(uniqueKeyId())).toMatchObject({ success: true, limit: 100, remaining: 99 });
  });

  it("admits exactly 100 of 150 parallel calls for a key", async () => {
    const limiter = await limiterOn();
    await awayFromWindowEdge(60_000, 5_000);
    const key = uniqueKeyId();
    const results = await Promise.all(Array.from({ length: 150 }, () => limiter.limit(key)));
    const admitted = results.filter((r) => r.success);
    expect(admitted).toHaveLength(100);
    // Each admitted call saw its own count: remaining takes every value from 99 down to 0 once.
    expect(admitted.map((r) => r.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(results.filter((r) => !r.success).every((r) => r.remaining === 0)).toBe(true);
  });

  it("lets a request through again at `reset`, not before", async () => {
    const windowMs = 1_500;
    const limiter = await limiterOn({ RATE_LIMIT_PER_MINUTE: "5", RATE_LIMIT_WINDOW_MS: String(windowMs) });
    await awayFromWindowEdge(windowMs, 1_000);
    const key = uniqueKeyId();
    for (let i = 0; i < 5; i++) expect((await limiter.limit(key)).success).toBe(true);
    const refused = await limiter.limit(key);
    expect(refused).toMatchObject({ success: false, limit: 5, remaining: 0 });

    // Just before reset the full window still counts (checked only if the call ended in time).
    await sleep(Math.max(0, refused.reset - 150 - Date.now()));
    const early = await limiter.limit(key);
    if (Date.now() < refused.reset - 1) expect(early.success).toBe(false);

    // A timer can fire a millisecond before Date.now() reaches the instant it was set for (it
    // runs on the event loop's cached clock), and at `reset` itself the key is still blocked:
    // wait until the clock is past it.
    while (Date.now() <= refused.reset) await sleep(refused.reset - Date.now() + 1);
    expect(await limiter.limit(key)).toMatchObject({ success: true, limit: 5 });
  });
});

describe("store selection", () => {
  it("prefers Upstash over REDIS_URL, REDIS_URL over memory, and needs both Upstash variables", () => {
    const upstash = { UPSTASH_REDIS_REST_URL: front.url, UPSTASH_REDIS_REST_TOKEN: "t" };
    expect(rateLimitStoreKind({ ...upstash, REDIS_URL: TEST_REDIS_URL })).toBe("upstash");
    expect(rateLimitStoreKind({ UPSTASH_REDIS_REST_URL: front.url, REDIS_URL: TEST_REDIS_URL })).toBe("redis");
    expect(rateLimitStoreKind({ UPSTASH_REDIS_REST_URL: "", REDIS_URL: "" })).toBe("memory");
    expect(keep(openApiKeyLimiter({ REDIS_URL: TEST_REDIS_URL })).kind).toBe("redis");
    expect(keep(openApiKeyLimiter({})).kind).toBe("memory");
  });

  it("the app's limiter reads the environment once, at its first request", async () => {
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("REDIS_URL", TEST_REDIS_URL);
    const key = uniqueKeyId();
    expect(await limitApiKey(key)).toMatchObject({ success: true, remaining: 99 });
    vi.stubEnv("REDIS_URL", "");
    // Still the Redis store: a limiter opened now on memory would start again at 99.
    expect(await limitApiKey(key)).toMatchObject({ success: true, remaining: 98 });
    expect(await keep(openApiKeyLimiter({ REDIS_URL: TEST_REDIS_URL })).limit(key)).toMatchObject({ remaining: 97 });
  });
});

describe("memory sliding window, on a clock the test moves", () => {
  it("weighs the previous window by the share of it still inside the last 60 s, as Upstash's script does", async () => {
    const W = 60_000;
    let now = 1_000 * W + 59_000;
    const store = createMemoryStore({ limit: 100, windowMs: W }, () => now);
    for (let i = 0; i < 100; i++) await store.limit("k");
    expect(await store.limit("k")).toMatchObject({ success: false, remaining: 0, reset: 1_001 * W + 1 });

    // At the window's end the previous one still weighs 100 %; one millisecond later, 99.
    now = 1_001 * W;
    expect((await store.limit("k")).success).toBe(false);
    now = 1_001 * W + 1;
    expect(await store.limit("k")).toMatchObject({ success: true, remaining: 0 });

    // A quarter into this window the previous one weighs floor(0.75 × 100) = 75; with 1 already
    // counted here, 24 more fit.
    now = 1_001 * W + 15_000;
    const results: RateLimitResult[] = [];
    for (let i = 0; i < 30; i++) results.push(await store.limit("k"));
    expect(results.filter((r) => r.success)).toHaveLength(24);

    // Two windows on, the key is forgotten.
    now = 1_003 * W;
    expect(await store.limit("k")).toMatchObject({ success: true, remaining: 99 });
  });
});
