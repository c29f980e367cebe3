import path from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "@/db/client";

// PGlite has no cross-process lock: each worker gets its own data folder.
if (process.env.TEST_PGLITE_BASE) {
  process.env.PGLITE_DIR = path.join(process.env.TEST_PGLITE_BASE, `worker-${process.env.VITEST_POOL_ID ?? "0"}`);
}

afterAll(async () => {
  await closeDb();
});
