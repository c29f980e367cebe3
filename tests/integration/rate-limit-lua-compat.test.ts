import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { IoredisRatelimitClient, ScriptShaMap, sha1, toPlainRedisScript } from "@/lib/rate-limit/redis-store";
import { TEST_REDIS_URL, uniqueKeyId } from "../helpers/rate-limit-env";

// Why the rewrite exists, shown on the real Redis, and what the REDIS_URL store's client does with it.

const redis = new Redis(TEST_REDIS_URL, { protocol: 2 });

afterAll(() => {
  redis.disconnect();
});

const SCRIPT = `#!lua flags=allow-key-locking
  return redis.call("INCRBY", KEYS[1], ARGV[1])
`;

describe("Upstash's Lua shebang on a plain Redis", () => {
  it("is refused by the real Redis as it stands", async () => {
    await expect(redis.eval(SCRIPT, 1, uniqueKeyId(), 1)).rejects.toThrow(/flag/i);
  });

  it("drops the Upstash-only flag, keeps the others, leaves other scripts alone", async () => {
    expect(toPlainRedisScript(SCRIPT)).toBe(`  return redis.call("INCRBY", KEYS[1], ARGV[1])\n`);
    const mixed = `#!lua flags=no-writes,allow-key-locking\nreturn redis.call("GET", KEYS[1])`;
    expect(toPlainRedisScript(mixed)).toBe(`#!lua flags=no-writes\nreturn redis.call("GET", KEYS[1])`);
    for (const same of ["return 1", "#!lua flags=no-writes\nreturn 1", "#!lua\nreturn 1"]) {
      expect(toPlainRedisScript(same)).toBe(same);
    }
    const key = uniqueKeyId();
    expect(await redis.eval(toPlainRedisScript(SCRIPT), 1, key, 2)).toBe(2);
    await redis.set(key, "v", "PX", 60_000);
    expect(await redis.eval(toPlainRedisScript(mixed), 1, key)).toBe("v");
  });

  it("maps the original SHA to the plain script's once it has carried the script", () => {
    const shas = new ScriptShaMap();
    const originalSha = sha1(SCRIPT);
    expect(shas.resolve(originalSha)).toBe(originalSha);
    const plain = toPlainRedisScript(SCRIPT);
    expect(shas.learn(SCRIPT)).toBe(plain);
    expect(shas.resolve(originalSha)).toBe(sha1(plain));
    expect(shas.resolve(originalSha.toUpperCase())).toBe(sha1(plain));
  });
});

describe("ioredis client (what @upstash/ratelimit calls)", () => {
  it("answers NOSCRIPT for an unknown SHA (Ratelimit then sends EVAL), then knows it", async () => {
    const key = uniqueKeyId();
    const originalSha = sha1(SCRIPT);
    // A fresh map: this process has not carried the script yet.
    const client = new IoredisRatelimitClient(redis, 1_000);
    await expect(client.evalsha(originalSha, [key], [1])).rejects.toThrow("NOSCRIPT");
    expect(await client.eval(SCRIPT, [key], [2])).toBe(2);
    expect(await client.evalsha(originalSha, [key], [3])).toBe(5);
    await redis.pexpire(key, 60_000);
  });

  it("sends arguments as @upstash/redis does: strings as they are, the rest as JSON", async () => {
    const client = new IoredisRatelimitClient(redis, 1_000);
    const echo = "return ARGV";
    expect(await client.eval(echo, [], ["text", 7, { limit: 50 }, null])).toEqual([
      "text",
      "7",
      '{"limit":50}',
      "null",
    ]);
  });
});
