import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import * as schema from "./schema";
import { acquirePgliteLock } from "./pglite-lock";
import { sessionTimeouts } from "./session-timeouts";

// One database client, two engines: postgres-js when DATABASE_URL is set, PGlite (in-process
// PostgreSQL, data under ./.data/) when it is not. Same schema, migrations and queries.

/** How Drizzle maps this schema (camelCase keys, snake_case columns): every instance uses it,
 * the bench's bare server too, to render the app's statements. */
export const DRIZZLE_CONFIG = { schema, casing: "snake_case" } as const;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Services accept either the client or a transaction, so callers can compose them. */
export type DbOrTx = Db | Tx;

/** The driver under Drizzle, for code that must speak to it directly (pg-boss in lib/jobs: its
 * own SQL text with $n placeholders, some of it multi-statement). */
export type DbDriver = { engine: "postgres"; client: Sql } | { engine: "pglite"; client: PGlite };

type DbHandle = DbDriver & {
  db: Db;
  close: () => Promise<void>;
};

const MIGRATION_LOCK_ID = 727001;
const MIGRATIONS_FOLDER = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "db/migrations");

function embeddedDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.PGLITE_DIR ?? ".data/pglite");
}

/** Connections per app process: DATABASE_POOL_SIZE, else DEFAULT_POOL_SIZE. */
export function poolSize(): number {
  const configured = Number(process.env.DATABASE_POOL_SIZE);
  return Number.isInteger(configured) && configured >= 1 ? configured : DEFAULT_POOL_SIZE;
}

// postgres-js pipelines the queries of concurrent requests on a busy connection, so a smaller
// pool means fewer socket writes (on two cores, 5 gave `npm run bench` ~15 % more throughput
// than 10: bench/lib/app-server.ts). But a query waits behind a slow one on its connection,
// and while PostgreSQL is down a burst of requests waits for the few connections' reconnect
// attempts (tests/integration/faults/postgres-down): 10 is the safer default.
const DEFAULT_POOL_SIZE = 10;

const POSTGRES_OPTIONS = {
  // A dead database must surface as a 503 quickly, not hang a request: fail a connect after
  // 2 s, and retry soon after a failure (postgres-js backs off up to 20 s by default, which
  // queues every request behind the backoff and turns an outage into hanging requests).
  connect_timeout: 2,
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
  idle_timeout: 30,
  onnotice: () => {},
  // One name per process (pid and start time: pids repeat across hosts): pg_stat_activity then
  // tells this process's connections apart, for operators and for the pool gauges of GET
  // /api/metrics (lib/observability/pool-metrics.ts).
  connection: { application_name: `leadprop:${process.pid}:${Math.round(performance.timeOrigin).toString(36)}` },
};

async function openPostgres(url: string): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  if (process.env.SKIP_MIGRATIONS !== "1") await migratePostgres(url);
  const sql = postgres(url, {
    ...POSTGRES_OPTIONS,
    connection: { ...POSTGRES_OPTIONS.connection, ...sessionTimeouts() },
    max: poolSize(),
  });
  const db = drizzle(sql, DRIZZLE_CONFIG);
  return { db: db as unknown as Db, engine: "postgres", client: sql, close: () => sql.end({ timeout: 5 }) };
}

// On a connection of its own, closed afterwards: the app's pool may have a single connection,
// and the lock must be held by the connection that migrates.
export async function migratePostgres(url: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // No statement limit here: a migration may build an index over a large table, and the limits
  // of the app's pool (db/session-timeouts.ts) are for requests and jobs, not for this.
  const sql = postgres(url, { ...POSTGRES_OPTIONS, max: 1 });
  try {
    // Several processes may start at once: a session advisory lock lets one of them migrate
    // at a time (with max 1, every query below runs on the one connection that holds it).
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migrate(drizzle(sql, DRIZZLE_CONFIG), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function openPglite(dataDir: string): Promise<DbHandle> {
  const release = acquirePgliteLock(dataDir);
  try {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // PGlite bundles contrib extensions separately: the lead search's trigram indexes
    // (migration 0001) need pg_trgm loaded before they can be created or used.
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    const db = drizzle(client, DRIZZLE_CONFIG);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      engine: "pglite",
      client,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

// Cached on globalThis so hot reloads in development and the many module graphs of a Next
// server share one pool (and, for PGlite, one lock holder).
const globalForDb = globalThis as unknown as { __lpmDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__lpmDb) {
    const url = process.env.DATABASE_URL;
    const opening = url ? openPostgres(url) : openPglite(embeddedDataDir());
    // A failed open is not cached: the next call tries again (the database may come back).
    opening.catch(() => {
      if (globalForDb.__lpmDb === opening) globalForDb.__lpmDb = undefined;
    });
    globalForDb.__lpmDb = opening;
  }
  return globalForDb.__lpmDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

// What runs over the connection (pg-boss's workers and maintenance) stops before it closes, so
// no query meets a closed client and a test's afterAll(closeDb) leaves nothing running. Last
// registered runs first, as a teardown should: a stop may still need what was started before it
// (the routed leads' pending notices are queued through pg-boss, which stops after them).
const beforeClose = ((globalThis as unknown as { __lpmDbBeforeClose?: Set<() => Promise<void>> }).__lpmDbBeforeClose ??=
  new Set());

/** Registers `stop` to run (once) at the next closeDb, before the connection closes; the answer
 * unregisters it. */
export function stopBeforeCloseDb(stop: () => Promise<void>): () => void {
  beforeClose.add(stop);
  return () => beforeClose.delete(stop);
}

export async function closeDb(): Promise<void> {
  const stops = [...beforeClose].reverse();
  beforeClose.clear();
  for (const stop of stops) await stop().catch(() => {});
  const opening = globalForDb.__lpmDb;
  globalForDb.__lpmDb = undefined;
  if (opening) await (await opening).close();
}
