import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { IoredisUpstashAdapter } from "@/lib/rate-limit/ioredis-upstash-adapter";
import { ScriptShaMap, sha1, toPlainRedisCommand, toPlainRedisScript } from "@/lib/rate-limit/lua-script-compat";
import { TEST_REDIS_URL, uniqueKeyId } from "../helpers/rate-limit-env";

// Why the rewrite exists, shown on the real Redis, and what the adapter does with it.

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
    expect(toPlainRedisCommand(["EVAL", SCRIPT, 1, "k", 1], shas).command).toEqual(["EVAL", plain, 1, "k", 1]);
    expect(shas.resolve(originalSha)).toBe(sha1(plain));
    expect(shas.resolve(originalSha.toUpperCase())).toBe(sha1(plain));
    expect(toPlainRedisCommand(["EVALSHA", originalSha, 1, "k"], shas).command).toEqual([
      "EVALSHA",
      sha1(plain),
      1,
      "k",
    ]);
    const load = toPlainRedisCommand(["SCRIPT", "LOAD", SCRIPT], shas);
    expect(load.command).toEqual(["SCRIPT", "LOAD", plain]);
    expect(load.mapReply(sha1(plain))).toBe(originalSha);
  });
});

describe("ioredis adapter (what @upstash/ratelimit calls)", () => {
  const adapter = new IoredisUpstashAdapter(redis, 1_000);

  it("answers NOSCRIPT for an unknown SHA (Ratelimit then sends EVAL), then knows it", async () => {
    const key = uniqueKeyId();
    const originalSha = sha1(SCRIPT);
    // A fresh map: this process has not carried the script yet.
    const fresh = new IoredisUpstashAdapter(redis, 1_000);
    await expect(fresh.evalsha(originalSha, [key], [1])).rejects.toThrow("NOSCRIPT");
    expect(await fresh.eval(SCRIPT, [key], [2])).toBe(2);
    expect(await fresh.evalsha(originalSha, [key], [3])).toBe(5);
    await redis.pexpire(key, 60_000);
  });

  it("serializes and parses values the way @upstash/redis does", async () => {
    const key = uniqueKeyId();
    expect(await adapter.set(key, { limit: 50 }, { px: 60_000 })).toBe("OK");
    expect(await redis.get(key)).toBe('{"limit":50}');
    expect(await adapter.get(key)).toEqual({ limit: 50 });
    expect(await adapter.set(key, 42, { px: 60_000, get: true })).toEqual({ limit: 50 });
    expect(await adapter.get(key)).toBe(42);
    expect(await adapter.set(key, "12345678901234567890", { px: 60_000 })).toBe("OK");
    // Too big for a double: kept as the string, as @upstash/redis keeps it.
    expect(await adapter.get(key)).toBe("12345678901234567890");
    expect(await adapter.set(key, "x", { nx: true })).toBeNull();
    expect(await adapter.get(uniqueKeyId())).toBeNull();
  });
});
