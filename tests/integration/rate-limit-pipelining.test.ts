import { randomUUID } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import { Redis as UpstashRedis } from "@upstash/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PipeliningUpstashClient } from "@/lib/rate-limit/upstash-store";
import { awayFromWindowEdge, TEST_REDIS_URL, uniqueKeyId } from "../helpers/rate-limit-env";
import { startUpstashRestFront, type UpstashRestFront } from "../helpers/upstash-rest-front";

// The Upstash store sends the limiter commands of one event-loop turn as one /pipeline request.
// It must stay exact, and each caller must get its own answer or error.

let front: UpstashRestFront;
let redis: UpstashRedis;
let pipelines = 0;
let client: PipeliningUpstashClient;

beforeAll(async () => {
  // A front of its own: it has not seen the limiter's script, so the first EVALSHA answers
  // NOSCRIPT inside a batch and Ratelimit must fall back to EVAL.
  front = await startUpstashRestFront({ redisUrl: TEST_REDIS_URL, token: randomUUID() });
  redis = new UpstashRedis({ url: front.url, token: front.token, enableTelemetry: false, retry: false });
  client = new PipeliningUpstashClient({
    pipeline: () => {
      pipelines++;
      return redis.pipeline();
    },
  });
});

afterAll(async () => {
  await front?.close();
});

describe("PipeliningUpstashClient", () => {
  it("admits exactly 100 of 150 concurrent calls, in a few HTTP requests instead of 150", async () => {
    const ratelimit = new Ratelimit({
      redis: client,
      limiter: Ratelimit.slidingWindow(100, "60000 ms"),
      prefix: `lpm:rl:test:${randomUUID()}`,
      analytics: false,
      enableTelemetry: false,
    });
    await awayFromWindowEdge(60_000, 5_000);
    const key = uniqueKeyId();
    pipelines = 0;
    const results = await Promise.all(Array.from({ length: 150 }, () => ratelimit.limit(key)));
    expect(results.filter((r) => r.success)).toHaveLength(100);
    expect(results.some((r) => r.reason === "timeout")).toBe(false);
    // One batch for the EVALSHAs, one for the EVAL fallbacks after NOSCRIPT: not 150 requests.
    expect(pipelines).toBeLessThanOrEqual(3);
  });

  it("gives each caller its own result, and an error only to the command that failed", async () => {
    const key = `lpm:test:${randomUUID()}`;
    await redis.set(key, "42");
    const [good, bad, missing] = await Promise.allSettled([
      client.get<number>(key),
      client.evalsha("0000000000000000000000000000000000000000", [], []),
      client.get(`${key}:none`),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: 42 });
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toContain("NOSCRIPT");
    expect(missing).toEqual({ status: "fulfilled", value: null });
    await redis.del(key);
  });

  it("a lone call goes out in the next turn, in a request of its own (no timer waits for company)", async () => {
    pipelines = 0;
    const sent = client.set(`lpm:test:${randomUUID()}`, "x", { ex: 5 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pipelines).toBe(1);
    expect(await sent).toBe("OK");
  });
});
