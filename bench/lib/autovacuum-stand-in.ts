import postgres from "postgres";
import { progress } from "./log";

// This machine's PostgreSQL runs with autovacuum off (/etc/postgresql/15/main/conf.d/90-ci.conf, the
// CI's configuration), and production's does not. Without it the bench measured a database no
// deployment has: the full scenario 7 (session 43) left 806,497 dead row versions in pg-boss's job
// table and 993,402 in webhook_deliveries, and PostgreSQL's CPU a delivery rose round after round
// (6.8 → 8.5 → 9.7 ms; 2.2 ms on the quick database). So while the bench runs, this does what
// autovacuum would with its default settings: every autovacuum_naptime (60 s) it vacuums, and
// analyzes, each table of the bench database whose dead rows passed autovacuum_vacuum_threshold
// (50) + autovacuum_vacuum_scale_factor (0.2) × its rows, or whose inserts since the last vacuum
// passed the insert threshold (1,000 + 0.2 × its rows). The machine's setting is left as it is.
// Its connection is named like the app's (`leadprop:`), so the scenarios' CPU figures count its
// backend as they would count a production server's autovacuum workers (bench/lib/pg-backend-cpu.ts).

const NAPTIME_MS = 60_000;

interface Due {
  table: string;
  dead: number;
  inserted: number;
}

export interface AutovacuumStandIn {
  /** Tables vacuumed so far, with how many times. */
  vacuumed: Map<string, number>;
  stop: () => Promise<void>;
}

/** Starts after a first pass, which leaves the database as autovacuum would have kept it between
 * bench runs (earlier runs' dead rows vacuumed). */
export async function startAutovacuumStandIn(databaseUrl: string): Promise<AutovacuumStandIn> {
  const sql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: "leadprop:bench-autovacuum" },
  });
  const vacuumed = new Map<string, number>();
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    const due = await sql<Due[]>`
      select quote_ident(schemaname) || '.' || quote_ident(relname) as table,
        n_dead_tup::int as dead, n_ins_since_vacuum::int as inserted
      from pg_stat_all_tables
      where schemaname in ('public', 'pgboss')
        and (n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 0)
          or n_ins_since_vacuum > 1000 + 0.2 * greatest(n_live_tup, 0))`;
    for (const { table, dead } of due) {
      if (stopped) return;
      const started = performance.now();
      await sql.unsafe(`vacuum (analyze) ${table}`);
      vacuumed.set(table, (vacuumed.get(table) ?? 0) + 1);
      if (dead > 10_000)
        progress(`autovacuum stand-in: ${table}, ${dead} dead rows, ${Math.round(performance.now() - started)} ms`);
    }
  };
  await pass();
  const timer = setInterval(() => {
    running ??= pass()
      .catch((error: unknown) => progress(`autovacuum stand-in: ${String(error)}`))
      .finally(() => (running = undefined));
  }, NAPTIME_MS);
  timer.unref();
  return {
    vacuumed,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await sql.end();
    },
  };
}
