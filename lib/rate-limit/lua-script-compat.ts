import { createHash } from "node:crypto";

// @upstash/ratelimit (since 2.1) starts its Lua scripts with `#!lua flags=allow-key-locking`, a
// flag only Upstash knows: a plain Redis refuses the script ("Unexpected flag in script
// shebang"). Whatever carries Upstash commands to a plain Redis (the ioredis adapter, the test
// REST front) rewrites them here, so both do it the same way: drop the flag, and remember that
// the caller knows the script by its original SHA while Redis knows it by the plain one's.

const UPSTASH_ONLY_FLAGS = new Set(["allow-key-locking"]);
const SHEBANG = /^#!lua(?:[ \t]+flags=([^\s]*))?[ \t]*\r?$/;

export function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** The script as a plain Redis accepts it: unchanged unless its shebang carries Upstash-only flags. */
export function toPlainRedisScript(script: string): string {
  const newline = script.indexOf("\n");
  const firstLine = newline === -1 ? script : script.slice(0, newline);
  const match = SHEBANG.exec(firstLine);
  if (!match?.[1]) return script;
  const flags = match[1].split(",").filter(Boolean);
  const kept = flags.filter((flag) => !UPSTASH_ONLY_FLAGS.has(flag));
  if (kept.length === flags.length) return script;
  const rest = newline === -1 ? "" : script.slice(newline + 1);
  // With no flag left the whole line goes, so Redis before 7 (no shebang support) runs it too.
  return kept.length > 0 ? `#!lua flags=${kept.join(",")}\n${rest}` : rest;
}

/** Original SHA → plain SHA, learnt from each script this process has carried. */
export class ScriptShaMap {
  private readonly plainShaOf = new Map<string, string>();

  /** Returns the plain script and remembers its SHA under the original's. */
  learn(script: string): { plain: string; originalSha: string } {
    const plain = toPlainRedisScript(script);
    const originalSha = sha1(script);
    if (plain !== script) this.plainShaOf.set(originalSha, sha1(plain));
    return { plain, originalSha };
  }

  /** The SHA Redis knows the script by. An unknown SHA passes through: Redis answers NOSCRIPT,
   * the caller sends EVAL (as @upstash/ratelimit does), and `learn` makes the next EVALSHA work. */
  resolve(sha: string): string {
    return this.plainShaOf.get(sha.toLowerCase()) ?? sha;
  }
}

export type RedisArg = string | number | Buffer;

export interface PlainRedisCommand {
  command: RedisArg[];
  /** Turns Redis's reply into the one Upstash gives (SCRIPT LOAD answers the original SHA). */
  mapReply: (reply: unknown) => unknown;
}

const sameReply = (reply: unknown) => reply;

/** Rewrites one command in Upstash's form (`["EVALSHA", sha, numkeys, ...]`) for a plain Redis. */
export function toPlainRedisCommand(command: RedisArg[], shas: ScriptShaMap): PlainRedisCommand {
  const [name, ...args] = command;
  const upper = String(name).toUpperCase();
  const text = (value: RedisArg | undefined) => (Buffer.isBuffer(value) ? value.toString("utf8") : String(value ?? ""));

  if ((upper === "EVAL" || upper === "EVAL_RO") && args.length > 0) {
    return { command: [name, shas.learn(text(args[0])).plain, ...args.slice(1)], mapReply: sameReply };
  }
  if ((upper === "EVALSHA" || upper === "EVALSHA_RO") && args.length > 0) {
    return { command: [name, shas.resolve(text(args[0])), ...args.slice(1)], mapReply: sameReply };
  }
  if (upper === "SCRIPT" && args.length > 1) {
    const sub = text(args[0]).toUpperCase();
    if (sub === "LOAD") {
      const { plain, originalSha } = shas.learn(text(args[1]));
      return { command: [name, args[0], plain], mapReply: () => originalSha };
    }
    if (sub === "EXISTS") {
      return { command: [name, args[0], ...args.slice(1).map((sha) => shas.resolve(text(sha)))], mapReply: sameReply };
    }
  }
  return { command, mapReply: sameReply };
}
