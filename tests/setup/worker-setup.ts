import path from "node:path";
import { afterAll } from "vitest";
import { dbClientLoaded } from "@/db/client-loaded";

// PGlite has no cross-process lock: each worker gets its own data folder.
if (process.env.TEST_PGLITE_BASE) {
  process.env.PGLITE_DIR = path.join(process.env.TEST_PGLITE_BASE, `worker-${process.env.VITEST_POOL_ID ?? "0"}`);
}

// A file that never loaded the client has no database to close, and importing the client here to
// close nothing would load the whole schema into every unit test file's process.
afterAll(async () => {
  if (!dbClientLoaded()) return;
  const { closeDb } = await import("@/db/client");
  await closeDb();
});
