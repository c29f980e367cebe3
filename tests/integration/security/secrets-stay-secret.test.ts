import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import postgres from "postgres";
import { createTestDatabase, dropTestDatabase } from "../../setup/test-database";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { runCli } from "../../helpers/run-cli";

// A key's plaintext never appears in the server's output, the request log or the database;
// neither do passwords or request bodies. The server's stdout and stderr are captured through a
// run with good, bad, revoked and failing requests, then searched.

let db: { name: string; url: string };
let server: ChildProcess;
let output: () => string;
let base: string;
const PASSWORD = "hunter2-correct-horse";
const SECRET_NOTE = "body-secret-7f3a9c";

beforeAll(async () => {
  db = await createTestDatabase("secrets");
  const env = { DATABASE_URL: db.url };
  await runCli(
    ["account", "create", "--name", "S", "--email", "s@secret.test", "--password", PASSWORD, "--plan", "agency"],
    env,
  );
  const started = await spawnTsx(
    "tests/helpers/api-server.ts",
    { ...env, REDIS_URL: "", UPSTASH_REDIS_REST_URL: "", LOG_LEVEL: "debug" },
    /listening (\d+)/,
  );
  server = started.child;
  output = started.output;
  base = `http://127.0.0.1:${started.match[1]}`;
}, 120_000);

afterAll(async () => {
  if (server) await killAndWait(server);
  if (db) await dropTestDatabase(db.name);
});

describe("secrets stay secret", () => {
  it("keys, passwords and bodies appear in no log line, log row or column", async () => {
    const cli = await runCli(["api-key", "create", "--email", "s@secret.test", "--name", "leaky"], {
      DATABASE_URL: db.url,
    });
    const { key, id } = cli.json as { key: string; id: string };
    const typo = key.slice(0, -1) + (key.endsWith("a") ? "b" : "a");
    const call = (path: string, auth: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${auth}`, "content-type": "application/json", ...(init.headers ?? {}) },
      }).then((r) => r.text());

    await call("/api/v1/leads", key);
    await call("/api/v1/leads", key, { method: "POST", body: JSON.stringify({ name: "Leaky", notes: SECRET_NOTE }) });
    await call("/api/v1/leads", key, { method: "POST", body: JSON.stringify({ name: "", notes: SECRET_NOTE }) });
    await call(`/api/v1/leads?q=${SECRET_NOTE}`, key);
    await call("/api/v1/leads", key, { method: "POST", body: `{"notes": "${SECRET_NOTE}"` });
    await call("/api/v1/leads", typo);
    await call(`/api/v1/leads?api_key=${key}`, "");
    await runCli(["api-key", "revoke", id], { DATABASE_URL: db.url });
    await call("/api/v1/leads", key);

    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      // Wait for what is written after the responses: each request's log line, the five requests
      // of the live key in request_logs (batched), and the key's lastUsedAt.
      const poll = { timeout: 10_000, interval: 50 };
      await expect.poll(() => output().split('"msg":"api request"').length - 1, poll).toBeGreaterThanOrEqual(8);
      await expect
        .poll(async () => (await sql`select count(*)::int as n from request_logs`)[0].n, poll)
        .toBeGreaterThanOrEqual(5);
      await expect
        .poll(async () => (await sql`select last_used_at from api_keys where id = ${id}`)[0]?.last_used_at, poll)
        .toBeInstanceOf(Date);

      const out = output();
      for (const secret of [key, typo, key.slice(4, 30), PASSWORD, SECRET_NOTE]) expect(out).not.toContain(secret);

      // The note is data: its lead holds it, and so does the lead.created event (its public shape).
      // Nothing else may: no log, request log or key row.
      const everything = JSON.stringify(
        await Promise.all(
          (
            await sql`select table_name from information_schema.tables
              where table_schema = 'public' and table_name not in ('leads', 'events')`
          ).map((t) => sql.unsafe(`select * from "${t.table_name}"`)),
        ),
      );
      for (const secret of [key, typo, PASSWORD, SECRET_NOTE]) expect(everything).not.toContain(secret);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
