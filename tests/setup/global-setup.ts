import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, dropTestDatabase } from "./test-database";

// Runs once per vitest invocation, before workers start (they inherit process.env).
export default async function globalSetup() {
  if (process.env.TEST_DB_ENGINE === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "lpm-pglite-"));
    delete process.env.DATABASE_URL;
    process.env.TEST_PGLITE_BASE = dir;
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const { name, url } = await createTestDatabase("test");
  process.env.DATABASE_URL = url;
  // Migrate once here so workers do not queue on the migration lock.
  const { getDbHandle, closeDb } = await import("../../db/client");
  await getDbHandle();
  await closeDb();
  return async () => {
    await dropTestDatabase(name);
  };
}
