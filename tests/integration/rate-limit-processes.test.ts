import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awayFromWindowEdge, TEST_REDIS_URL, uniqueKeyId } from "../helpers/rate-limit-env";
import { startUpstashRestFront, type UpstashRestFront } from "../helpers/upstash-rest-front";

// Three app processes share one Redis and each fire 100 concurrent requests for the same key:
// the limit holds across them, 100 admitted in all. Each process runs the real lib/rate-limit
// (tests/helpers/rate-limit-worker.ts). Two bursts per run: the first while every process is
// still opening its store (connection, script SHAs not learnt yet), the second warm.

const ROOT = path.resolve(__dirname, "../..");
const PROCESSES = 3;
const CALLS = 100;

interface Burst {
  keyId: string;
  kind: string;
  admitted: number;
  denied: number;
  ms: number;
}

interface Worker {
  child: ChildProcess;
  exited: Promise<unknown>;
  next: () => Promise<string>;
  stderr: () => string;
}

const children: ChildProcess[] = [];
let front: UpstashRestFront;

beforeAll(async () => {
  front = await startUpstashRestFront({ redisUrl: TEST_REDIS_URL, token: randomUUID() });
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await front?.close();
});

function startWorker(env: Record<string, string>, keyIds: string[]): Worker {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/helpers/rate-limit-worker.ts", String(CALLS), ...keyIds],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        UPSTASH_REDIS_REST_URL: "",
        UPSTASH_REDIS_REST_TOKEN: "",
        REDIS_URL: "",
        // Generous: this test is about counting, and 2 busy cores can stall a process; a timeout
        // would let requests through and show up as a warning on stderr.
        RATE_LIMIT_TIMEOUT_MS: "10000",
        ...env,
      },
    },
  );
  children.push(child);
  // Listened for from the start: a worker may exit while the test still reads another's output.
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    exited,
    stderr: () => stderr,
    next: async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`worker ${child.pid} ended early: ${stderr}`);
      return value as string;
    },
  };
}

async function runBursts(env: Record<string, string>): Promise<Burst[][]> {
  const keyIds = [uniqueKeyId(), uniqueKeyId()];
  const workers = Array.from({ length: PROCESSES }, () => startWorker(env, keyIds));
  for (const worker of workers) expect(await worker.next()).toBe("ready");
  const bursts: Burst[][] = [];
  for (let i = 0; i < keyIds.length; i++) {
    await awayFromWindowEdge(60_000, 10_000);
    for (const worker of workers) worker.child.stdin!.write("go\n");
    bursts.push(await Promise.all(workers.map(async (worker) => JSON.parse(await worker.next()) as Burst)));
  }
  await Promise.all(workers.map((worker) => worker.exited));
  for (const worker of workers) expect(worker.stderr()).toBe("");
  return bursts;
}

describe("one limit across three app processes sharing a Redis", () => {
  const paths = [
    { kind: "redis", env: () => ({ REDIS_URL: TEST_REDIS_URL }) },
    { kind: "upstash", env: () => ({ UPSTASH_REDIS_REST_URL: front.url, UPSTASH_REDIS_REST_TOKEN: front.token }) },
  ];

  it.each(paths)(
    "admits exactly 100 of 300 concurrent requests for one key ($kind)",
    async ({ kind, env }) => {
      const bursts = await runBursts(env());
      for (const burst of bursts) {
        expect(burst.map((b) => b.kind)).toEqual(Array(PROCESSES).fill(kind));
        const admitted = burst.reduce((sum, b) => sum + b.admitted, 0);
        const denied = burst.reduce((sum, b) => sum + b.denied, 0);
        expect({ admitted, denied }).toEqual({ admitted: 100, denied: PROCESSES * CALLS - 100 });
      }
      console.info(
        `${kind}: admitted per process ${bursts.map((burst) => burst.map((b) => `${b.admitted} (${b.ms} ms)`).join(" + ")).join("; then ")}`,
      );
    },
    60_000,
  );
});
