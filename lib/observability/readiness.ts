import { lifecycleState, type LifecycleState } from "@/lib/runtime/lifecycle";
import { pingDatabase, type DatabaseCheck } from "./database-ping";
import { checkMigrations, migrationsKnownApplied, type MigrationsCheck } from "./migrations-check";

// GET /api/health/ready: may a load balancer send this process requests? Only when it has
// finished starting and is not draining, its database answers, and its migrations are applied.
// The body names each check's state, never an error text or SQL.

export interface Readiness {
  status: "ok" | "unavailable";
  checks: { lifecycle: LifecycleState; database: DatabaseCheck; migrations: MigrationsCheck };
}

export async function checkReadiness(): Promise<Readiness> {
  const lifecycle = lifecycleState();
  const database = await pingDatabase();
  let migrations: MigrationsCheck;
  if (database === "ok") migrations = await checkMigrations();
  else migrations = migrationsKnownApplied() ? "ok" : "unknown";
  const ready = lifecycle === "ready" && database === "ok" && migrations === "ok";
  return { status: ready ? "ok" : "unavailable", checks: { lifecycle, database, migrations } };
}
