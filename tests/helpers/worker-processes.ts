import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, vi } from "vitest";
import { closeDb, migratePostgres } from "@/db/client";
import { createTestDatabase, dropTestDatabase } from "../setup/test-database";
import { killAndWait, spawnTsx } from "./spawn-process";

// What the tests that run `npm run worker` processes (and SIGKILL them) share: a PostgreSQL
// database of the file's own, migrated, that this test process and its workers both use, the
// workers' environment in both, and at the end every worker killed and the database dropped.

export interface WorkerProcesses {
  /** Starts scripts/worker.ts with the file's environment; resolves once it has started. */
  startWorker(): Promise<ChildProcess>;
  databaseUrl(): string;
}

/** Registers the file's beforeAll and afterAll; `name` tells its database apart. */
export function workerProcessesOnOwnDatabase(name: string, env: Record<string, string>): WorkerProcesses {
  const workers: ChildProcess[] = [];
  let database: { name: string; url: string } | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(name);
    await migratePostgres(database.url);
    // Before anything opens the database: this file's process and its workers use this one.
    process.env.DATABASE_URL = database.url;
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => killAndWait(worker, "SIGKILL")));
    await closeDb();
    if (database) await dropTestDatabase(database.name);
  });
  return {
    async startWorker() {
      const { child } = await spawnTsx("scripts/worker.ts", env, /"msg":"worker started"/);
      workers.push(child);
      return child;
    },
    databaseUrl() {
      if (!database) throw new Error("the test database is made in beforeAll");
      return database.url;
    },
  };
}
