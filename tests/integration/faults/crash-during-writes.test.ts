import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import postgres from "postgres";
import { createTestDatabase, dropTestDatabase } from "../../setup/test-database";
import { killAndWait, spawnTsx } from "../../helpers/spawn-process";
import { runCli } from "../../helpers/run-cli";

// The app process is SIGKILLed in the middle of a burst of writes. After a restart, every lead
// has its lead_created activity, every status change its lead_status_changed, and no activity
// points at a missing row: each change and its activity committed together or not at all.

let db: { name: string; url: string };
let key: string;
let server: ChildProcess | undefined;

async function startServer() {
  const started = await spawnTsx(
    "tests/helpers/api-server.ts",
    {
      DATABASE_URL: db.url,
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "error",
    },
    /listening (\d+)/,
  );
  server = started.child;
  return `http://127.0.0.1:${started.match[1]}`;
}

beforeAll(async () => {
  db = await createTestDatabase("crash");
  await runCli(
    ["account", "create", "--name", "C", "--email", "c@crash.test", "--password", "pw-123456789", "--plan", "agency"],
    { DATABASE_URL: db.url },
  );
  key = (
    (await runCli(["api-key", "create", "--email", "c@crash.test", "--name", "c"], { DATABASE_URL: db.url })).json as {
      key: string;
    }
  ).key;
}, 120_000);

afterAll(async () => {
  if (server) await killAndWait(server, "SIGKILL");
  if (db) await dropTestDatabase(db.name);
});

describe("SIGKILL during a burst of writes", () => {
  it("leaves no change without its activity and no activity without its row", async () => {
    const base = await startServer();
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const created: string[] = [];
    let stop = false;
    let completed = 0;
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${base}/api/v1/leads`, {
            method: "POST",
            headers,
            body: JSON.stringify({ name: `Burst ${n}-${i}`, phone: "+14155550100" }),
          });
          const body = (await res.json()) as { data: { id: string } };
          if (res.status === 201) {
            created.push(body.data.id);
            await fetch(`${base}/api/v1/leads/${body.data.id}`, {
              method: "PATCH",
              headers,
              body: JSON.stringify({ status: "contacted", tags: ["burst"] }),
            });
            completed++;
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, n) => worker(n));
    await expect.poll(() => completed, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(40);
    await killAndWait(server!, "SIGKILL");
    stop = true;
    await Promise.all(workers);

    await startServer(); // restarts cleanly on the same database
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const [{ leads }] = await sql`select count(*)::int as leads from leads`;
      expect(leads).toBeGreaterThanOrEqual(created.length);
      const withoutCreated =
        await sql`select id from leads l where not exists (select 1 from activities a where a.lead_id = l.id and a.type = 'lead_created')`;
      expect(withoutCreated).toEqual([]);
      const changedWithoutActivity =
        await sql`select id from leads l where status <> 'new' and not exists (select 1 from activities a where a.lead_id = l.id and a.type = 'lead_status_changed')`;
      expect(changedWithoutActivity).toEqual([]);
      const activityWithoutStatus =
        await sql`select a.id from activities a join leads l on l.id = a.lead_id where a.type = 'lead_status_changed' and l.status = 'new'`;
      expect(activityWithoutStatus).toEqual([]);
      const orphans = await sql`select a.id from activities a left join leads l on l.id = a.lead_id where l.id is null`;
      expect(orphans).toEqual([]);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
