import journal from "@/db/migrations/meta/_journal.json";
import { queryRows } from "./query-rows";
import { within } from "./within";

// Readiness also means "this code's schema is there": the newest migration of db/migrations is
// recorded in drizzle's table (drizzle.__drizzle_migrations, created_at = the journal's `when`,
// which drizzle's migrator itself compares). It matters where migrations are a release step
// (SKIP_MIGRATIONS=1): a process started before that step stays unready until it has run.
// Checked until it holds once, then remembered: migrations are never rolled back under a
// running process, so after that readiness costs only its ping.

/** ok; pending (the table or the newest migration is missing); unknown (could not ask). */
export type MigrationsCheck = "ok" | "pending" | "unknown";

const NEWEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when));

let applied = false;

export function migrationsKnownApplied(): boolean {
  return applied;
}

export async function checkMigrations(): Promise<MigrationsCheck> {
  if (applied) return "ok";
  try {
    const [row] = await within(
      queryRows<{ applied: boolean }>(
        "select exists (select 1 from drizzle.__drizzle_migrations where created_at >= $1) as applied",
        [NEWEST_MIGRATION],
      ),
    );
    applied = row?.applied === true;
    return applied ? "ok" : "pending";
  } catch (error) {
    // 42P01: no migrations table, so none applied.
    return (error as { code?: string }).code === "42P01" ? "pending" : "unknown";
  }
}
