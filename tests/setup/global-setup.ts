import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cloneTestDatabase, createTestDatabase, dropTestDatabase } from "./test-database";

// Copies of the migrated database, one per vitest worker (VITEST_POOL_ID 1…): see worker-setup.ts.
// More than vitest.config.ts's maxForks, in case a run is given more.
const POOL_DATABASES = 4;

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
  const copies: Array<{ name: string; url: string }> = [];
  for (let pool = 1; pool <= POOL_DATABASES; pool++) copies.push(await cloneTestDatabase(name, `${name}_w${pool}`));
  process.env.TEST_POOL_DATABASE_URLS = JSON.stringify(copies.map((copy) => copy.url));
  return async () => {
    for (const copy of copies) await dropTestDatabase(copy.name);
    await dropTestDatabase(name);
  };
}
