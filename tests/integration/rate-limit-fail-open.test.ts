import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { logger } from "@/lib/log/logger";
import { openApiKeyLimiter, type ApiKeyLimiter, type RateLimitResult } from "@/lib/rate-limit/limit-api-key";
import { startPausableTcpProxy, type PausableTcpProxy } from "../helpers/pausable-tcp-proxy";
import { TEST_REDIS_URL, uniqueKeyId } from "../helpers/rate-limit-env";

// When its store is unreachable or slow, the limiter lets requests through after the timeout
// (the API keeps answering), logs that at most once a minute, and counts again once the store
// is back, without a restart. Each test opens its limiter from an explicit environment, as the
// app opens its own from process.env.

const TIMEOUT_MS = 300;
// What a call may take beyond the timeout on two busy cores.
const MARGIN_MS = 1_000;
const UNAVAILABLE = "rate limit store unavailable; letting requests through";

let warn: MockInstance<typeof logger.warn>;
let limiter: ApiKeyLimiter | undefined;
const unavailableWarnings = () => warn.mock.calls.filter(([msg]) => msg === UNAVAILABLE);

beforeEach(() => {
  warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
});

afterEach(async () => {
  await limiter?.close();
  limiter = undefined;
  vi.restoreAllMocks();
});

/** Opens the limiter the test's calls go to (`limit`), on the store `env` selects. */
function open(env: Record<string, string>): void {
  limiter = openApiKeyLimiter(env);
}

const limit = (keyId: string) => limiter!.limit(keyId);

async function timed(call: () => Promise<RateLimitResult>): Promise<{ result: RateLimitResult; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const letThrough = { success: true, limit: 100, remaining: 100 };

describe("Redis unreachable (REDIS_URL on a closed port)", () => {
  it("lets every call through within the timeout and warns once", async () => {
    open({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      RATE_LIMIT_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const key = uniqueKeyId();

    const first = await timed(() => limit(key));
    expect(first.result).toMatchObject(letThrough);
    expect(first.result.reset).toBeGreaterThan(Date.now());
    expect(first.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);

    for (let i = 0; i < 20; i++) {
      const call = await timed(() => limit(key));
      expect(call.result).toMatchObject(letThrough);
      expect(call.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    }
    const parallel = await timed(async () => {
      const results = await Promise.all(Array.from({ length: 200 }, () => limit(key)));
      expect(results.every((r) => r.success && r.remaining === 100)).toBe(true);
      return results[0];
    });
    expect(parallel.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);

    expect(unavailableWarnings()).toHaveLength(1);
    expect(unavailableWarnings()[0][1]).toMatchObject({ store: "redis", error: expect.any(String) });
  });

  it("warns again a minute later, with the number of failures in between", async () => {
    open({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      RATE_LIMIT_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    for (let i = 0; i < 5; i++) await limit(uniqueKeyId());
    expect(unavailableWarnings()).toHaveLength(1);

    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 61_000);
    await limit(uniqueKeyId());
    vi.mocked(Date.now).mockRestore();

    const warnings = unavailableWarnings();
    expect(warnings).toHaveLength(2);
    // ioredis's own reconnect errors count as failures too, so at least the 5 calls.
    expect(Number(warnings[1][1]?.failures)).toBeGreaterThanOrEqual(5);
  });
});

describe("Redis behind a proxy that stalls, goes away and comes back", () => {
  let proxy: PausableTcpProxy;

  beforeEach(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await startPausableTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    open({ REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_TIMEOUT_MS: String(TIMEOUT_MS) });
  });

  afterEach(async () => {
    await proxy.stop();
  });

  it("lets calls through after the timeout while Redis does not answer, then counts again", async () => {
    const key = uniqueKeyId();
    expect(await limit(key)).toMatchObject({ success: true, remaining: 99 });

    proxy.pause();
    const stalled = await timed(() => Promise.all(Array.from({ length: 20 }, () => limit(key))).then((r) => r[0]));
    expect(stalled.result).toMatchObject(letThrough);
    expect(stalled.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(stalled.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    expect(unavailableWarnings()).toHaveLength(1);

    proxy.resume();
    expect(await limit(uniqueKeyId())).toMatchObject({ success: true, remaining: 99 });
  });

  it("lets calls through at once while Redis is down, and counts again when it returns", async () => {
    expect(await limit(uniqueKeyId())).toMatchObject({ success: true, remaining: 99 });

    await proxy.stop();
    await sleep(50);
    for (let i = 0; i < 10; i++) {
      const call = await timed(() => limit(uniqueKeyId()));
      expect(call.result).toMatchObject(letThrough);
      expect(call.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    }
    expect(unavailableWarnings()).toHaveLength(1);

    await proxy.start();
    const deadline = Date.now() + 5_000;
    let counted: RateLimitResult | null = null;
    while (Date.now() < deadline) {
      const result = await limit(uniqueKeyId());
      if (result.remaining === 99) {
        counted = result;
        break;
      }
      await sleep(100);
    }
    expect(counted, "the limiter should count again within 5 s of Redis returning").toMatchObject({
      success: true,
      remaining: 99,
    });
    expect(unavailableWarnings()).toHaveLength(1);
  });
});

describe("a store that cannot be opened", () => {
  it("lets every call through and warns once (a malformed Upstash URL)", async () => {
    open({ UPSTASH_REDIS_REST_URL: "not-a-url", UPSTASH_REDIS_REST_TOKEN: "token" });
    for (let i = 0; i < 5; i++) expect(await limit(uniqueKeyId())).toMatchObject(letThrough);
    expect(unavailableWarnings()).toHaveLength(1);
    expect(unavailableWarnings()[0][1]).toMatchObject({ store: "upstash" });
  });
});

describe("Upstash that does not answer", () => {
  let hanging: Server;

  afterAll(() => {
    hanging?.closeAllConnections();
    hanging?.close();
  });

  it("lets calls through after the timeout and warns once", async () => {
    // Accepts every request and never answers.
    hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const { port } = hanging.address() as AddressInfo;
    open({
      UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${port}`,
      UPSTASH_REDIS_REST_TOKEN: "token",
      RATE_LIMIT_TIMEOUT_MS: String(TIMEOUT_MS),
    });

    for (let i = 0; i < 3; i++) {
      const call = await timed(() => limit(uniqueKeyId()));
      expect(call.result).toMatchObject(letThrough);
      expect(call.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(call.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    }
    expect(unavailableWarnings()).toHaveLength(1);
    expect(unavailableWarnings()[0][1]).toMatchObject({ store: "upstash", error: `no answer within ${TIMEOUT_MS} ms` });
  });
});
