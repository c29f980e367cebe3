import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { createTestDatabase, dropTestDatabase } from "../../setup/test-database";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { runCli } from "../../helpers/run-cli";

// The Redis behind the limiter stops: the API keeps serving (fail open) and counting resumes
// by itself when Redis is back. A Redis of the test's own, never the shared one.

const port = 16_000 + Math.floor(Math.random() * 4_000);
let redis: ChildProcess | undefined;
let server: ChildProcess;
let base: string;
let key: string;
let dbName: string;

const portOpen = () =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

async function startRedis() {
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  // vi.waitFor, not expect.poll: this also runs in beforeAll, outside any test.
  await vi.waitFor(
    async () => {
      if (!(await portOpen())) throw new Error(`redis-server not listening on ${port}`);
    },
    { timeout: 5000, interval: 100 },
  );
}

const get = async () => {
  const started = Date.now();
  const res = await fetch(`${base}/api/v1/leads?limit=1`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return { status: res.status, remaining: res.headers.get("ratelimit-remaining"), ms: Date.now() - started };
};

beforeAll(async () => {
  const db = await createTestDatabase("redisdown");
  dbName = db.name;
  await runCli(
    ["account", "create", "--name", "R", "--email", "r@redis.test", "--password", "pw-123456789", "--plan", "agency"],
    { DATABASE_URL: db.url },
  );
  key = (
    (await runCli(["api-key", "create", "--email", "r@redis.test", "--name", "r"], { DATABASE_URL: db.url })).json as {
      key: string;
    }
  ).key;
  await startRedis();
  const started = await spawnTsx(
    "tests/helpers/api-server.ts",
    {
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      UPSTASH_REDIS_REST_URL: "",
      RATE_LIMIT_TIMEOUT_MS: "500",
      LOG_LEVEL: "warn",
    },
    /listening (\d+)/,
  );
  server = started.child;
  base = `http://127.0.0.1:${started.match[1]}`;
}, 120_000);

afterAll(async () => {
  if (server) await killAndWait(server);
  if (redis) await killAndWait(redis, "SIGKILL");
  if (dbName) await dropTestDatabase(dbName);
});

describe("the limiter's Redis stops and comes back", () => {
  it("serves every request while Redis is down, and counts again once it is back", async () => {
    const first = await get();
    const second = await get();
    expect([first.status, second.status]).toEqual([200, 200]);
    // Counted: fewer remain. (Not exactly one fewer: two requests either side of a minute's
    // boundary see the sliding window weigh the minute before, and a clean-clone CI read 98 after 100.)
    expect(Number(second.remaining)).toBeLessThan(Number(first.remaining));

    await killAndWait(redis!, "SIGKILL");
    const during = await Promise.all(Array.from({ length: 10 }, get));
    for (const r of during) {
      expect(r.status).toBe(200);
      expect(r.ms).toBeLessThan(2000);
    }
    expect(server.exitCode).toBeNull();

    await startRedis();
    // A fresh Redis has no counts: once reconnected, remaining counts down from 99 again.
    const twoInARow = async () => [Number((await get()).remaining), Number((await get()).remaining)];
    await expect
      .poll(twoInARow, { timeout: 15_000, interval: 200 })
      .toSatisfy(([a, b]: number[]) => a < 100 && b === a - 1);
  }, 90_000);
});
