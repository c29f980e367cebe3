import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { ScriptShaMap, sha1 } from "@/lib/rate-limit/redis-store";

// Test helper: Upstash's REST protocol in front of the local Redis, so the real @upstash/redis
// client (and Ratelimit over it) runs against a real Redis, not a mock. What it serves:
//   POST /            body ["CMD", ...args]        → {"result": …} or 400 {"error": "…"}
//   POST /pipeline    body [["CMD", ...], ...]     → [{"result": …} | {"error": "…"}, ...]
//   POST /multi-exec  the same, in MULTI/EXEC      → the same shape
// `Authorization: Bearer <token>` or 401. With `Upstash-Encoding: base64` (the client's default)
// string replies are base64, except "OK", as Upstash sends them. Scripts lose Upstash's
// `#!lua flags=allow-key-locking` line on the way (ScriptShaMap, as in the app's REDIS_URL store).

export interface UpstashRestFront {
  url: string;
  token: string;
  close(): Promise<void>;
}

type Reply = { result: unknown } | { error: string };
type RedisArg = string | number;

interface PlainRedisCommand {
  command: RedisArg[];
  /** Turns Redis's reply into the one Upstash gives (SCRIPT LOAD answers the original SHA). */
  mapReply: (reply: unknown) => unknown;
}

const sameReply = (reply: unknown) => reply;

/** Rewrites one command for the plain Redis behind the front: scripts lose Upstash's flag. */
function toPlainRedisCommand(command: RedisArg[], shas: ScriptShaMap): PlainRedisCommand {
  const [name, ...args] = command;
  const upper = String(name).toUpperCase();
  const text = (value: RedisArg | undefined) => String(value ?? "");
  if ((upper === "EVAL" || upper === "EVAL_RO") && args.length > 0) {
    return { command: [name, shas.learn(text(args[0])), ...args.slice(1)], mapReply: sameReply };
  }
  if ((upper === "EVALSHA" || upper === "EVALSHA_RO") && args.length > 0) {
    return { command: [name, shas.resolve(text(args[0])), ...args.slice(1)], mapReply: sameReply };
  }
  if (upper !== "SCRIPT") return { command, mapReply: sameReply };
  const sub = text(args[0]).toUpperCase();
  if (sub === "LOAD" && args.length > 1) {
    const originalSha = sha1(text(args[1]));
    return { command: [name, args[0], shas.learn(text(args[1]))], mapReply: () => originalSha };
  }
  if (sub === "EXISTS") {
    return { command: [name, args[0], ...args.slice(1).map((sha) => shas.resolve(text(sha)))], mapReply: sameReply };
  }
  return { command, mapReply: sameReply };
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

class BadRequest extends Error {}

function parseCommand(value: unknown): RedisArg[] {
  if (!Array.isArray(value) || value.length === 0) throw new BadRequest("command must be a non-empty array");
  return value.map((arg) => {
    if (typeof arg === "string" || typeof arg === "number") return arg;
    if (typeof arg === "boolean") return String(arg);
    throw new BadRequest("command arguments must be strings or numbers");
  });
}

/** Redis's reply as Upstash writes it in JSON: Buffers become text or base64, arrays recurse. */
function encodeReply(reply: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(reply)) {
    if (!base64) return reply.toString("utf8");
    const text = reply.toString("latin1");
    return text === "OK" ? "OK" : reply.toString("base64");
  }
  if (typeof reply === "string") return base64 && reply !== "OK" ? Buffer.from(reply).toString("base64") : reply;
  if (Array.isArray(reply)) return reply.map((item) => encodeReply(item, base64));
  return reply ?? null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new BadRequest("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) });
  res.end(json);
}

export async function startUpstashRestFront(options: {
  redisUrl: string;
  token: string;
  port?: number;
}): Promise<UpstashRestFront> {
  const redis = new Redis(options.redisUrl, { protocol: 2, connectionName: "lpm-upstash-rest-front" });
  const shas = new ScriptShaMap();

  async function runOne(command: RedisArg[], base64: boolean): Promise<Reply> {
    const plain = toPlainRedisCommand(command, shas);
    const [name, ...args] = plain.command;
    try {
      const reply = await redis.callBuffer(String(name), ...args);
      return { result: encodeReply(plain.mapReply(reply), base64) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  async function runBatch(commands: RedisArg[][], transaction: boolean, base64: boolean): Promise<Reply[]> {
    const plains = commands.map((command) => toPlainRedisCommand(command, shas));
    const batch = transaction ? redis.multi() : redis.pipeline();
    for (const { command } of plains) {
      const [name, ...args] = command;
      batch.callBuffer(String(name), ...args);
    }
    const results = (await batch.exec()) ?? [];
    return results.map(([error, reply], i) =>
      error ? { error: error.message } : { result: encodeReply(plains[i].mapReply(reply), base64) },
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${options.token}`) return send(res, 401, { error: "Unauthorized" });
    if (req.method !== "POST") return send(res, 405, { error: "Method not allowed" });
    const path = new URL(req.url ?? "/", "http://front").pathname.replace(/\/+$/, "") || "/";
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      return send(res, 400, { error: error instanceof BadRequest ? error.message : "ERR failed to parse command" });
    }
    try {
      if (path === "/") {
        const reply = await runOne(parseCommand(body), base64);
        return send(res, "error" in reply ? 400 : 200, reply);
      }
      if (path === "/pipeline" || path === "/multi-exec") {
        if (!Array.isArray(body) || body.length === 0) throw new BadRequest("ERR pipeline must be a non-empty array");
        return send(res, 200, await runBatch(body.map(parseCommand), path === "/multi-exec", base64));
      }
      return send(res, 404, { error: `ERR unknown path ${path}` });
    } catch (error) {
      // A transaction Redis refused as a whole (EXECABORT) answers like a failed command.
      return send(res, 400, { error: (error as Error).message });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { error: error.message }));
  });
  // Longer than the client's idle keep-alive, so the front never closes a socket the client is
  // about to reuse (which the client would see as a failed request).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token: options.token,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
    },
  };
}
