import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, dropTestDatabase } from "../setup/test-database";

// For tests of a migration's data step: a database migrated up to the migration before, given
// rows, then migrated on.

export const MIGRATIONS = path.resolve(__dirname, "../../db/migrations");

/** The migrations folder as it was up to `tag`: the same files, the journal cut there. Remove it
 * when done. */
export function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lpm-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

interface Engine {
  query: (text: string) => Promise<Record<string, unknown>[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

/** A fresh, empty database on the engine under test (TEST_DB_ENGINE), to migrate step by step. */
export async function openEngine(): Promise<Engine> {
  if (process.env.TEST_DB_ENGINE === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client, { casing: "snake_case" });
    return {
      // exec: the seed is several statements, which PGlite's query refuses.
      query: async (text) => (await client.exec(text)).at(-1)!.rows as Record<string, unknown>[],
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const created = await createTestDatabase("backfill");
  const sql = postgres(created.url, { max: 1, onnotice: () => {} });
  const db = drizzle(sql, { casing: "snake_case" });
  return {
    query: async (text) => [...(await sql.unsafe(text))] as Record<string, unknown>[],
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await sql.end();
      await dropTestDatabase(created.name);
    },
  };
}
