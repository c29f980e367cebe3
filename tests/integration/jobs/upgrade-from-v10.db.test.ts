import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, getDbHandle } from "@/db/client";
import { Activity } from "@/lib/jobs/activity";
import { getBoss } from "@/lib/jobs/boss";
import { connectionExecutor } from "@/lib/jobs/connection-executor";
import type { Job, JobQueue } from "@/lib/jobs/define-queue";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { createQueues, startWorkers } from "@/lib/jobs/start-workers";
import { createTestDatabase, dropTestDatabase } from "../../setup/test-database";
import { waitUntil } from "./wait-until";

// A database that ran pg-boss 10 (schema 24, which pg-boss 12 cannot migrate): its jobs still to run
// are carried over at the first start (lib/jobs/upgrade-from-v10.ts), on PostgreSQL and PGlite.
// On a database of its own, since it installs pg-boss 10's schema where pg-boss's lives.

const pglite = process.env.TEST_DB_ENGINE === "pglite";
let database: { name: string; url: string } | undefined;
let pgliteDir: string | undefined;

const runs: Job<{ n: number }>[] = [];
const carried: JobQueue<{ n: number }> = {
  name: "test-v10-carried",
  options: { retryLimit: 1 },
  batchSize: 5,
  handler: async (jobs) => void runs.push(...jobs),
};

const ids = {
  scheduledSms: "00000000-0000-4000-8000-000000000001",
  retryDelivery: "00000000-0000-4000-8000-000000000002",
  activeImport: "00000000-0000-4000-8000-000000000003",
  completed: "00000000-0000-4000-8000-000000000004",
  unknownQueue: "00000000-0000-4000-8000-000000000005",
  carried: "00000000-0000-4000-8000-000000000006",
};
// Whole seconds: the carried start time goes through a JavaScript Date (milliseconds).
const sendAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);

async function installV10() {
  const handle = await getDbHandle();
  const executor = connectionExecutor(handle, new Activity());
  await executor.executeSql(readFileSync(path.join(__dirname, "fixtures/pgboss-v10-schema.sql"), "utf8"));
  for (const name of ["send-scheduled-sms", "deliver-webhook", "import-leads", "old-queue", carried.name]) {
    await executor.executeSql("select pgboss.create_queue($1, $2::json)", [name, '{"policy":"standard"}']);
  }
  const job = (id: string, name: string, state: string, data: object, startAfter = new Date()) =>
    executor.executeSql(
      "insert into pgboss.job (id, name, state, data, start_after, policy) values ($1, $2, $3::pgboss.job_state, $4::jsonb, $5::timestamptz, 'standard')",
      [id, name, state, JSON.stringify(data), startAfter.toISOString()],
    );
  await job(ids.scheduledSms, "send-scheduled-sms", "created", { smsId: "sms_1", accountId: "acc_1" }, sendAt);
  await job(ids.retryDelivery, "deliver-webhook", "retry", { eventId: "evt_1", endpointId: "we_1" });
  await job(ids.activeImport, "import-leads", "active", { importId: "imp_1" });
  await job(ids.completed, "deliver-webhook", "completed", { eventId: "evt_0", endpointId: "we_1" });
  await job(ids.unknownQueue, "old-queue", "created", { x: 1 });
  await job(ids.carried, carried.name, "created", { n: 7 });
}

beforeAll(async () => {
  // Before anything opens the database: this file uses its own.
  if (pglite) {
    pgliteDir = mkdtempSync(path.join(tmpdir(), "lpm-pgb10-"));
    process.env.PGLITE_DIR = path.join(pgliteDir, "db");
  } else {
    database = await createTestDatabase("pgb10");
    process.env.DATABASE_URL = database.url;
  }
  await installV10();
}, 60_000);

afterAll(async () => {
  await closeDb();
  if (database) await dropTestDatabase(database.name);
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

async function sql(text: string, values: unknown[] = []) {
  return (await jobExecutor(await getDb()).executeSql(text, values)).rows;
}

describe("a database that ran pg-boss 10", () => {
  it("gets pg-boss 12's schema at the first start, with the jobs still to run and their ids, data and start times", async () => {
    await createQueues([carried]);
    expect((await sql("select max(version)::int as v from pgboss.version"))[0].v).toBeGreaterThanOrEqual(25);
    expect((await sql("select to_regnamespace('pgboss_v10') is null as gone"))[0].gone).toBe(true);

    const boss = await getBoss();
    const find = async (name: string, id: string) => (await boss.findJobs(name, { id }))[0];
    // Timestamps come as strings through postgres-js (Drizzle's parsers), as Dates from PGlite.
    const at = (value: unknown) => new Date(value as string).getTime();
    const sms = await find("send-scheduled-sms", ids.scheduledSms);
    expect(sms).toMatchObject({ state: "created", data: { smsId: "sms_1", accountId: "acc_1" } });
    expect(at(sms!.startAfter)).toBe(sendAt.getTime());
    expect(await find("deliver-webhook", ids.retryDelivery)).toMatchObject({
      state: "created",
      data: { eventId: "evt_1", endpointId: "we_1" },
    });
    // Cut short by the stop before the upgrade: it runs again now.
    const active = await find("import-leads", ids.activeImport);
    expect(active).toMatchObject({ state: "created", data: { importId: "imp_1" } });
    expect(at(active!.startAfter)).toBeLessThanOrEqual(Date.now());
    // Finished jobs and queues the app no longer has are not carried.
    expect(await find("deliver-webhook", ids.completed)).toBeUndefined();
    expect(await sql("select name from pgboss.queue where name = 'old-queue'")).toEqual([]);
    expect(await sql("select count(*)::int as n from pgboss.job where id = $1", [ids.unknownQueue])).toEqual([
      { n: 0 },
    ]);
  });

  it("a carried job runs, and a later start carries nothing twice", async () => {
    await startWorkers([carried]);
    await waitUntil("the carried job to run", () => runs.length === 1);
    expect(runs[0]).toMatchObject({ id: ids.carried, name: carried.name, data: { n: 7 } });

    await closeDb();
    await createQueues([carried]);
    expect(await sql("select count(*)::int as n from pgboss.job where name = 'deliver-webhook'")).toEqual([{ n: 1 }]);
    expect(await sql("select count(*)::int as n from pgboss.job where name = 'send-scheduled-sms'")).toEqual([
      { n: 1 },
    ]);
  });
});
