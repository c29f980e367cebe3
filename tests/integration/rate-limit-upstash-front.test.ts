import { randomUUID } from "node:crypto";
import { Redis as UpstashRedis } from "@upstash/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha1 } from "@/lib/rate-limit/redis-store";
import { TEST_REDIS_URL, uniqueKeyId } from "../helpers/rate-limit-env";
import { startUpstashRestFront, type UpstashRestFront } from "../helpers/upstash-rest-front";

// The test front must speak Upstash's REST protocol well enough that the real @upstash/redis
// client cannot tell it from Upstash: both response encodings, /pipeline, /multi-exec, errors,
// auth, and scripts carrying Upstash's shebang flag.

const UPSTASH_STYLE_SCRIPT = `#!lua flags=allow-key-locking
  return redis.call("INCRBY", KEYS[1], ARGV[1])
`;

let front: UpstashRestFront;
let base64Client: UpstashRedis;
let jsonClient: UpstashRedis;

beforeAll(async () => {
  front = await startUpstashRestFront({ redisUrl: TEST_REDIS_URL, token: randomUUID() });
  const common = { url: front.url, token: front.token, enableTelemetry: false, retry: false } as const;
  base64Client = new UpstashRedis(common);
  jsonClient = new UpstashRedis({ ...common, responseEncoding: false });
});

afterAll(async () => {
  await front?.close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${front.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${front.token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe("Upstash REST front over the local Redis", () => {
  it("refuses a missing or wrong token with 401", async () => {
    const missing = await fetch(front.url, { method: "POST", body: '["PING"]' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: "Unauthorized" });
    const wrong = await fetch(front.url, {
      method: "POST",
      headers: { authorization: "Bearer nope" },
      body: '["PING"]',
    });
    expect(wrong.status).toBe(401);
  });

  it("answers {result} or {error} as Upstash does, base64 when asked", async () => {
    expect(await post("/", ["PING"])).toEqual({ status: 200, body: { result: "PONG" } });
    expect(await post("/", ["PING"], { "Upstash-Encoding": "base64" })).toEqual({
      status: 200,
      body: { result: "UE9ORw==" },
    });
    const key = uniqueKeyId();
    expect(await post("/", ["SET", key, "x", "PX", 60_000], { "Upstash-Encoding": "base64" })).toEqual({
      status: 200,
      body: { result: "OK" },
    });
    expect(await post("/", ["INCR", key])).toEqual({
      status: 400,
      body: { error: "ERR value is not an integer or out of range" },
    });
    expect(
      await post("/pipeline", [
        ["SET", key, "7", "PX", 60_000],
        ["INCR", key],
        ["HGET", key, "f"],
      ]),
    ).toEqual({
      status: 200,
      body: [{ result: "OK" }, { result: 8 }, { error: expect.stringContaining("WRONGTYPE") }],
    });
  });

  it.each([
    ["base64", () => base64Client],
    ["plain JSON", () => jsonClient],
  ])("serves the real client with %s responses: values, pipeline, multi-exec, errors", async (_, client) => {
    const redis = client();
    const key = uniqueKeyId();
    const value = { name: "Zoë 🏠", budget: 450_000, tags: ["a", "b"] };
    expect(await redis.set(key, value, { px: 60_000 })).toBe("OK");
    expect(await redis.get(key)).toEqual(value);
    expect(await redis.get(uniqueKeyId())).toBeNull();

    const counter = uniqueKeyId();
    const pipeline = await redis
      .pipeline()
      .incr(counter)
      .incrby(counter, 4)
      .pexpire(counter, 60_000)
      .get(counter)
      .exec();
    expect(pipeline).toEqual([1, 5, 1, 5]);
    const transaction = await redis.multi().incr(counter).incr(counter).get(counter).exec();
    expect(transaction).toEqual([6, 7, 7]);
    const withError = await redis.pipeline().incr(key).get(counter).exec({ keepErrors: true });
    expect(withError[0].error).toContain("ERR value is not an integer");
    expect(withError[1]).toEqual({ error: undefined, result: 7 });
    await expect(redis.incr(key)).rejects.toThrow("ERR value is not an integer");
  });

  it("strips Upstash's shebang flag from scripts and answers the original SHA", async () => {
    const key = uniqueKeyId();
    const originalSha = sha1(UPSTASH_STYLE_SCRIPT);
    await expect(base64Client.evalsha(originalSha, [key], [1])).rejects.toThrow("NOSCRIPT");
    expect(await base64Client.eval(UPSTASH_STYLE_SCRIPT, [key], [2])).toBe(2);
    expect(await base64Client.evalsha(originalSha, [key], [3])).toBe(5);
    expect(await base64Client.scriptLoad(UPSTASH_STYLE_SCRIPT)).toBe(originalSha);
    expect(await base64Client.scriptExists(originalSha)).toEqual([1]);
    await base64Client.pexpire(key, 60_000);
  });
});
