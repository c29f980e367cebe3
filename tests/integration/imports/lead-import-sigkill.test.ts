import { and, count, countDistinct, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { activities, events, leads } from "@/db/schema";
import { createLeadImport, getLeadImportOrThrow, startLeadImport } from "@/lib/imports/lead-import-service";
import { createQueues } from "@/lib/jobs/start-workers";
import { createTenant } from "../../helpers/api";
import { killAndWait } from "../../helpers/spawn-process";
import { workerProcessesOnOwnDatabase } from "../../helpers/worker-processes";
import { waitUntil } from "../jobs/wait-until";

// A worker SIGKILLed in the middle of an import: another worker resumes it from the last
// committed chunk, and in the end every row is imported exactly once. PostgreSQL only (`npm run
// worker` processes share it), on a database of its own so no other test file's workers take the job.

const ROWS = 6_000;
const WORKER_ENV = {
  SKIP_MIGRATIONS: "1",
  LOG_LEVEL: "info",
  JOBS_POLLING_INTERVAL_SECONDS: "0.5",
  JOBS_MAINTENANCE_INTERVAL_SECONDS: "1",
  // The killed worker's job is taken for dead after this and run again.
  IMPORT_JOB_EXPIRE_SECONDS: "3",
};

const { startWorker } = workerProcessesOnOwnDatabase("import_kill", WORKER_ENV);

beforeAll(async () => {
  await createQueues();
}, 60_000);

describe("lead import across a worker's SIGKILL", () => {
  it("resumes at the checkpoint: no row lost, none written twice", async () => {
    const t = await createTenant();
    const lines = ["Name,Email,Phone"];
    for (let i = 0; i < ROWS; i++) {
      // Every 50th row has a bad email: failures must be recorded once too.
      lines.push(
        `Lead ${i},${i % 50 === 49 ? "bad" : `kill-${i}@example.com`},(212) 300-${String(i).padStart(4, "0")}`,
      );
    }
    const id = await createLeadImport(
      { accountId: t.accountId, userId: t.userId, name: "Importer" },
      { name: "kill.csv", bytes: new TextEncoder().encode(lines.join("\n")) },
    );
    const first = await startWorker();
    await startLeadImport(t.accountId, id, { mapping: { "0": "name", "1": "email", "2": "phone" }, onMatch: "skip" });

    const atKill = await waitUntil(
      "the import to be part-way",
      async () => {
        const imp = await getLeadImportOrThrow(t.accountId, id);
        return imp.processedRows >= 500 && imp;
      },
      30_000,
    );
    await killAndWait(first, "SIGKILL");
    const killed = await getLeadImportOrThrow(t.accountId, id);
    expect(killed.status).toBe("running");
    expect(killed.processedRows).toBeGreaterThanOrEqual(atKill.processedRows);
    expect(killed.processedRows).toBeLessThan(ROWS);

    const db = await getDb();
    const leadCount = async () =>
      (await db.select({ n: count() }).from(leads).where(eq(leads.accountId, t.accountId)))[0].n;
    // What committed is whole: the counts match the rows written, chunk for chunk.
    expect(await leadCount()).toBe(killed.createdCount);
    expect(killed.createdCount + killed.failedCount).toBe(killed.processedRows);

    await startWorker();
    const done = await waitUntil(
      "the import to finish after the restart",
      async () => {
        const imp = await getLeadImportOrThrow(t.accountId, id);
        return imp.status === "completed" && imp;
      },
      60_000,
    );
    const failed = ROWS / 50;
    expect(done).toMatchObject({
      processedRows: ROWS,
      createdCount: ROWS - failed,
      failedCount: failed,
      skippedCount: 0,
    });
    const [distinct] = await db
      .select({ leads: count(), emails: countDistinct(leads.email) })
      .from(leads)
      .where(eq(leads.accountId, t.accountId));
    expect(distinct).toEqual({ leads: ROWS - failed, emails: ROWS - failed });
    const [created] = await db
      .select({ n: count() })
      .from(activities)
      .where(and(eq(activities.accountId, t.accountId), eq(activities.type, "lead_created")));
    const [leadEvents] = await db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.accountId, t.accountId), eq(events.type, "lead.created")));
    expect([created.n, leadEvents.n]).toEqual([ROWS - failed, ROWS - failed]);
  }, 120_000);
});
