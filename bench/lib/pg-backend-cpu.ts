import { readdirSync, readFileSync } from "node:fs";
import type postgres from "postgres";
import { processCpu } from "./proc-stat";

// CPU that PostgreSQL spends for the app: the user + system time of the backends serving the
// app's connections to the bench database, read from /proc like the app's own (proc-stat.ts).
// A backend is a child of the postmaster whose process title names the database
// ("postgres: 15/main: postgres lpm_bench_quick 127.0.0.1(40406) idle"); the bench's own
// connections (no `leadprop:` application_name, db/client.ts) are left out. Backends come and go
// with the app's pool (idle_timeout), so the meter samples every SAMPLE_MS: a backend born during
// the window counts from zero, one that exits counts to its last sample (at most SAMPLE_MS of
// it lost). No SQL runs while it samples, so it adds nothing to the database's own counters.

const SAMPLE_MS = 200;

export interface PgCpuMeter {
  /** CPU milliseconds of the app's backends since the meter started. */
  stop(): Promise<number>;
}

function backendsOf(postmaster: number, database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (processCpu(pid)?.ppid !== postmaster) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").split(/\s+/);
      if (title.includes(database)) pids.push(pid);
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

export async function startPgCpuMeter(sql: postgres.Sql): Promise<PgCpuMeter> {
  const [self] = await sql<Array<{ pid: number; database: string }>>`
    select pg_backend_pid() as pid, current_database() as database`;
  const postmaster = processCpu(self.pid)?.ppid;
  if (!postmaster) throw new Error("PostgreSQL's backends are not readable in /proc (is it on this machine?)");
  const benchBackends = async () =>
    (
      await sql<Array<{ pid: number }>>`
        select pid from pg_stat_activity
        where datname = current_database() and application_name not like 'leadprop:%'`
    ).map((r) => r.pid);
  const bench = new Set(await benchBackends());
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = (start: boolean) => {
    for (const pid of backendsOf(postmaster, self.database)) {
      if (bench.has(pid)) continue;
      const ms = processCpu(pid)?.ms;
      if (ms === undefined) continue;
      if (!first.has(pid)) first.set(pid, start ? ms : 0);
      last.set(pid, ms);
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      sample(false);
      // A connection of the bench's pool opened during the window is not the app's either.
      for (const pid of await benchBackends()) bench.add(pid);
      let total = 0;
      for (const [pid, ms] of last) if (!bench.has(pid)) total += ms - (first.get(pid) ?? 0);
      return total;
    },
  };
}
