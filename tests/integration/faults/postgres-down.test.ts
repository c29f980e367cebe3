import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { createScratchPostgres, type ScratchPostgres } from "../../helpers/scratch-postgres";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { runCli } from "../../helpers/run-cli";

// PostgreSQL stopped under a running API process: every request answers 503
// service_unavailable within 2 s, the process stays up, and it recovers by itself.

let pg: ScratchPostgres;
let server: ChildProcess;
let serverOutput: () => string;
let base: string;
let key: string;

const get = async (path: string) => {
  const started = Date.now();
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(10_000),
  }).catch((error) => {
    throw new Error(
      `${path} failed after ${Date.now() - started} ms (${error}); server output:\n${serverOutput().slice(-2000)}`,
    );
  });
  return { status: res.status, ms: Date.now() - started, body: await res.json() };
};

beforeAll(async () => {
  pg = createScratchPostgres(20_000 + Math.floor(Math.random() * 10_000));
  const env = { DATABASE_URL: pg.url };
  const account = await runCli(
    [
      "account",
      "create",
      "--name",
      "Faulty",
      "--email",
      "fault@pg.test",
      "--password",
      "pw-123456789",
      "--plan",
      "agency",
    ],
    env,
  );
  expect(account.code, account.stderr).toBe(0);
  key = (
    (await runCli(["api-key", "create", "--email", "fault@pg.test", "--name", "fault"], env)).json as { key: string }
  ).key;
  const started = await spawnTsx(
    "tests/helpers/api-server.ts",
    { ...env, REDIS_URL: "", UPSTASH_REDIS_REST_URL: "", LOG_LEVEL: "info" },
    /listening (\d+)/,
  );
  server = started.child;
  serverOutput = started.output;
  base = `http://127.0.0.1:${started.match[1]}`;
}, 120_000);

afterAll(async () => {
  if (server) await killAndWait(server);
  pg?.destroy();
});

describe("PostgreSQL stops and comes back", () => {
  it("503 within 2 s while it is down, then recovers without a restart", async () => {
    expect((await get("/api/v1/leads")).status).toBe(200);

    pg.stop();
    for (let i = 0; i < 5; i++) {
      const res = await get(i % 2 ? "/api/v1/leads" : "/api/v1/activities");
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: "service_unavailable", requestId: expect.stringMatching(/^req_/) });
      expect(JSON.stringify(res.body)).not.toMatch(/ECONN|postgres|127\.0\.0\.1|stack/i);
      expect(res.ms).toBeLessThan(2000);
    }
    const burst = await Promise.all(Array.from({ length: 20 }, () => get("/api/v1/leads")));
    expect(burst.map((r) => `${r.status} ${r.ms < 2000 ? "fast" : r.ms}`)).toEqual(Array(20).fill("503 fast"));
    expect(server.exitCode).toBeNull();

    pg.start();
    await expect.poll(async () => (await get("/api/v1/leads")).status, { timeout: 20_000, interval: 250 }).toBe(200);
    const created = await fetch(`${base}/api/v1/leads`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "After recovery" }),
    });
    expect(created.status).toBe(201);
  }, 90_000);
});
