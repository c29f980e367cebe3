import { createHash } from "node:crypto";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import type { RateLimitConfig, RateLimitStore } from "./rate-limit-store";
import { createRatelimitStore } from "./upstash-store";

/** REDIS_URL: any self-hosted Redis, shared by every instance of the app. */
export function createRedisStore(
  url: string,
  config: RateLimitConfig,
  onError: (error: Error) => void,
): RateLimitStore {
  const client = new Redis(url, {
    // While Redis is down, commands fail at once (and the request goes through) instead of
    // queueing in memory until it returns; none is resent later, the request is long answered.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    connectTimeout: Math.max(1_000, config.timeoutMs),
    commandTimeout: config.timeoutMs,
    // Keep trying to reconnect, at most a second apart, so the limit is back as soon as Redis is.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    // RESP2, as Upstash speaks it, and as Redis before 6 understands.
    protocol: 2,
    connectionName: "lpm-rate-limit",
    // Kept for speed: the limiter calls of one tick (many requests under load) go out in one write.
    enableAutoPipelining: true,
  });
  // Without a listener ioredis prints every failed reconnect to the console.
  client.on("error", onError);
  return createRatelimitStore("redis", new IoredisRatelimitClient(client, config.timeoutMs), config, async () => {
    client.disconnect();
  });
}

/**
 * What @upstash/ratelimit calls on its client (`evalsha`, then `eval` on NOSCRIPT), answered by
 * ioredis in this process. Kept for speed: 0.15 ms p50 a call, against 0.84 ms through an
 * Upstash REST front over the same Redis (STACK-NOTES.md). Arguments are sent as @upstash/redis
 * sends them; the limiter's scripts answer integers, which both clients give as numbers.
 */
export class IoredisRatelimitClient {
  private readonly shas = new ScriptShaMap();
  private readonly firstConnect: Promise<unknown>;

  constructor(
    private readonly client: Redis,
    firstConnectWaitMs: number,
  ) {
    // The client runs without an offline queue (a dead Redis must fail fast, not pile commands
    // up), so a command sent before the first connection would fail: the first calls wait for
    // it, until it is ready or refused ("error" rejects `once`), at most `firstConnectWaitMs`.
    const settled = (event: string) => once(client, event).catch(() => {});
    this.firstConnect =
      client.status === "ready"
        ? Promise.resolve()
        : Promise.race([settled("ready"), settled("close"), sleep(firstConnectWaitMs, undefined, { ref: false })]);
  }

  evalsha = async <TArgs extends unknown[], TData = unknown>(
    sha: string,
    keys: string[],
    args: TArgs,
  ): Promise<TData> => {
    await this.firstConnect;
    return (await this.client.evalsha(this.shas.resolve(sha), keys.length, ...keys, ...args.map(serialize))) as TData;
  };

  eval = async <TArgs extends unknown[], TData = unknown>(
    script: string,
    keys: string[],
    args: TArgs,
  ): Promise<TData> => {
    await this.firstConnect;
    return (await this.client.eval(this.shas.learn(script), keys.length, ...keys, ...args.map(serialize))) as TData;
  };

  // Ratelimit's type asks for these, but it calls them only for dynamic limits, which are off.
  get = (): Promise<never> => Promise.reject(new Error("get is not supported: dynamic limits are off"));
  set = (): Promise<never> => Promise.reject(new Error("set is not supported: dynamic limits are off"));
}

/** @upstash/redis sends strings as they are and everything else as JSON. */
function serialize(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

// @upstash/ratelimit (since 2.1) starts its Lua scripts with `#!lua flags=allow-key-locking`, a
// flag only Upstash knows: a plain Redis refuses the script ("Unexpected flag in script
// shebang"). Whatever carries Upstash commands to a plain Redis (the client above, the tests'
// REST front) drops the flag, and remembers that the caller knows the script by its original
// SHA while Redis knows it by the plain one's.

export function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** The script as a plain Redis accepts it: unchanged unless its shebang carries Upstash-only flags. */
export function toPlainRedisScript(script: string): string {
  const shebang = /^#!lua[ \t]+flags=(\S*)[ \t]*\r?(?:\n|$)/.exec(script);
  if (!shebang) return script;
  const flags = shebang[1].split(",").filter(Boolean);
  const kept = flags.filter((flag) => flag !== "allow-key-locking");
  if (kept.length === flags.length) return script;
  const rest = script.slice(shebang[0].length);
  // With no flag left the whole line goes, so Redis before 7 (no shebang support) runs it too.
  return kept.length > 0 ? `#!lua flags=${kept.join(",")}\n${rest}` : rest;
}

/** Original SHA → plain SHA, learnt from each script this process has carried. */
export class ScriptShaMap {
  private readonly plainShaOf = new Map<string, string>();

  /** Returns the plain script, and remembers its SHA under the original's. */
  learn(script: string): string {
    const plain = toPlainRedisScript(script);
    if (plain !== script) this.plainShaOf.set(sha1(script), sha1(plain));
    return plain;
  }

  /** The SHA Redis knows the script by. An unknown SHA passes through: Redis answers NOSCRIPT,
   * the caller sends EVAL (as @upstash/ratelimit does), and `learn` makes the next EVALSHA work. */
  resolve(sha: string): string {
    return this.plainShaOf.get(sha.toLowerCase()) ?? sha;
  }
}
