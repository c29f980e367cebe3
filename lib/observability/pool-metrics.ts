import { poolSize } from "@/db/client";
import { sharedGauge } from "./metrics-registry";
import { databaseEngine, queryRows } from "./query-rows";
import { singleFlight } from "./single-flight";
import { within } from "./within";

// This process's database connections. postgres-js keeps no public count of its pool, but
// PostgreSQL does: db/client.ts names every connection of this process alike
// (application_name leadprop:<pid>:<start>), so pg_stat_activity filtered to the name of the
// connection asking is this process's pool: open = connected, busy = running a query or inside a
// transaction (the scrape's own connection not counted). One small catalogue read per scrape,
// shared by the gauges. PGlite is one in-process connection: max and open are 1, busy is not
// measured.

const readPool = singleFlight(async (): Promise<{ open: number; busy: number | null }> => {
  if (databaseEngine() === "pglite") {
    await within(queryRows("select 1"));
    return { open: 1, busy: null };
  }
  const [row] = await within(
    queryRows<{ open: number; busy: number }>(
      `select count(*)::int as open,
              (count(*) filter (where state is distinct from 'idle' and pid <> pg_backend_pid()))::int as busy
         from pg_stat_activity
        where application_name = current_setting('application_name')`,
    ),
  );
  return row;
});

const maxConnections = () => (databaseEngine() === "pglite" ? 1 : poolSize());

sharedGauge({
  name: "leadprop_db_pool_max_connections",
  help: "Connections this process may open to the database (DATABASE_POOL_SIZE; 1 on PGlite).",
  labelNames: ["engine"] as const,
  collect() {
    this.set({ engine: databaseEngine() }, maxConnections());
  },
});

sharedGauge({
  name: "leadprop_db_pool_open_connections",
  help: "Connections this process has open to the database (absent when the database did not answer).",
  labelNames: ["engine"] as const,
  async collect() {
    this.reset();
    const pool = await readPool().catch(() => null);
    if (pool) this.set({ engine: databaseEngine() }, pool.open);
  },
});

sharedGauge({
  name: "leadprop_db_pool_busy_connections",
  help: "Connections of this process running a query or a transaction, the scrape's own excepted (PostgreSQL only).",
  labelNames: ["engine"] as const,
  async collect() {
    this.reset();
    const pool = await readPool().catch(() => null);
    if (pool && pool.busy !== null) this.set({ engine: databaseEngine() }, pool.busy);
  },
});
