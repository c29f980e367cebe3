import path from "node:path";
import { afterAll } from "vitest";
import { dbClientLoaded } from "@/db/client-loaded";

// PGlite has no cross-process lock: each worker gets its own data folder.
if (process.env.TEST_PGLITE_BASE) {
  process.env.PGLITE_DIR = path.join(process.env.TEST_PGLITE_BASE, `worker-${process.env.VITEST_POOL_ID ?? "0"}`);
}

// PostgreSQL: each worker gets a database of its own too (a copy of the migrated one,
// global-setup.ts). Every process's job workers wake on every committed job (LISTEN/NOTIFY), so two
// files running at once on one database would take each other's jobs, and run them with the other
// file's settings (retry schedule, timeouts) and counters. A file that makes its own database
// sets DATABASE_URL itself, after this.
if (process.env.TEST_POOL_DATABASE_URLS) {
  const urls = JSON.parse(process.env.TEST_POOL_DATABASE_URLS) as string[];
  const pool = Number(process.env.VITEST_POOL_ID ?? "1");
  process.env.DATABASE_URL = urls[(pool - 1) % urls.length];
}

// A file that never loaded the client has no database to close, and importing the client here to
// close nothing would load the whole schema into every unit test file's process.
afterAll(async () => {
  if (!dbClientLoaded()) return;
  const { closeDb } = await import("@/db/client");
  await closeDb();
});
