import type { SetCommandOptions } from "@upstash/redis";
import type { Redis } from "ioredis";
import { ScriptShaMap, toPlainRedisCommand, type RedisArg } from "./lua-script-compat";

// The few methods @upstash/ratelimit calls on its client (`evalsha`, then `eval` on NOSCRIPT;
// `get`/`set` for dynamic limits), answered by a plain Redis over ioredis in this process: no
// HTTP hop. Arguments are serialized and replies deserialized the way @upstash/redis does, so
// the limiter sees what it would see from Upstash; scripts go through lua-script-compat.

/** @upstash/redis sends strings as they are and everything else as JSON. */
function serialize(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** @upstash/redis parses JSON replies, but keeps a number that JSON would round as a string. */
function deserialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deserialize);
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "number" && String(parsed) !== value ? value : parsed;
  } catch {
    return value;
  }
}

function setOptionArgs(opts: SetCommandOptions | undefined): RedisArg[] {
  if (!opts) return [];
  const args: RedisArg[] = [];
  if (opts.nx) args.push("NX");
  if (opts.xx) args.push("XX");
  if (opts.get) args.push("GET");
  if (opts.ex !== undefined) args.push("EX", opts.ex);
  if (opts.px !== undefined) args.push("PX", opts.px);
  if (opts.exat !== undefined) args.push("EXAT", opts.exat);
  if (opts.pxat !== undefined) args.push("PXAT", opts.pxat);
  if (opts.keepTtl) args.push("KEEPTTL");
  return args;
}

export class IoredisUpstashAdapter {
  private readonly shas = new ScriptShaMap();
  private readonly firstConnect: Promise<void>;

  /**
   * The client runs without an offline queue (a dead Redis must fail fast, not pile commands
   * up), so a command sent before the first connection would fail: the first calls wait for
   * it, until it is ready or refused, at most `firstConnectWaitMs`.
   */
  constructor(
    private readonly client: Redis,
    firstConnectWaitMs: number,
  ) {
    this.firstConnect = new Promise((resolve) => {
      if (client.status === "ready") return resolve();
      const done = () => {
        clearTimeout(timer);
        client.off("ready", done);
        client.off("close", done);
        resolve();
      };
      const timer = setTimeout(done, firstConnectWaitMs);
      timer.unref();
      client.once("ready", done);
      client.once("close", done);
    });
  }

  private async run(command: RedisArg[]): Promise<unknown> {
    await this.firstConnect;
    const plain = toPlainRedisCommand(command, this.shas);
    const [name, ...args] = plain.command;
    return deserialize(plain.mapReply(await this.client.call(String(name), ...args)));
  }

  evalsha = <TArgs extends unknown[], TData = unknown>(sha1: string, keys: string[], args: TArgs): Promise<TData> =>
    this.run(["EVALSHA", sha1, keys.length, ...keys, ...args.map(serialize)]) as Promise<TData>;

  eval = <TArgs extends unknown[], TData = unknown>(script: string, keys: string[], args: TArgs): Promise<TData> =>
    this.run(["EVAL", script, keys.length, ...keys, ...args.map(serialize)]) as Promise<TData>;

  get = <TData>(key: string): Promise<TData | null> => this.run(["GET", key]) as Promise<TData | null>;

  set = <TData>(key: string, value: TData, opts?: SetCommandOptions): Promise<"OK" | TData | null> =>
    this.run(["SET", key, serialize(value), ...setOptionArgs(opts)]) as Promise<"OK" | TData | null>;
}
