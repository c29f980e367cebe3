import { getDb, type DbOrTx } from "@/db/client";
import { jobExecutor } from "./job-executor";
import { QUEUES } from "./queues";

/** A queue's backlog at one moment, for metrics. */
export interface QueueStat {
  name: string;
  /** Jobs waiting to run (created or retry), due or not: a text held for quiet hours waits too. */
  waiting: number;
  /** Jobs a worker is running. */
  active: number;
  /** How long the longest-waiting job that is due (its startAfter passed) has been able to run,
   * in seconds: since its startAfter, or since it was sent if that is later. 0 when none is due. */
  oldestDueSeconds: number;
}

// Read live from pg-boss's job table, one statement per call, rather than from pg-boss's own queue
// counters (getQueues()), which its monitor refreshes once a JOBS_MAINTENANCE_INTERVAL_SECONDS
// (60 s) and which have no age until persistQueueStats is on. Each count is an index-only range
// scan of pg-boss's own partial indexes: the live jobs (job_i14: name, state, blocked, start_after;
// finished jobs, usually most of the table, are not in it) and the jobs ready to fetch (job_i11:
// name, priority, created_on, start_after), so a call costs about the backlog, not the table. The
// age is pg-boss's own definition of readyOldestSeconds (its getQueueStats), read through job_i11.
// PostgreSQL and PGlite alike; before pg-boss's first start (no pgboss schema) it throws.
const STATS_SQL = `
  select n.name, live.waiting, live.active, coalesce(ready.oldest, 0) as "oldestDueSeconds"
  from unnest($1::text[]) with ordinality as n(name, ord)
  cross join lateral (
    select (count(*) filter (where j.state < 'active'))::int as waiting,
           (count(*) filter (where j.state = 'active'))::int as active
    from pgboss.job j
    -- job_i14's predicate, written as pg-boss writes it, so the planner matches the index
    where j.name = n.name and j.state in ('created', 'retry', 'active', 'failed')
  ) live
  cross join lateral (
    select greatest(0, extract(epoch from now() - min(greatest(j.created_on, j.start_after))))::float8 as oldest
    from pgboss.job j
    where j.name = n.name and j.state < 'active' and not j.blocked and j.start_after <= now()
  ) ready
  order by n.ord`;

/** Every queue of lib/jobs/queues.ts (or `queues`), in that order, with zeros for an idle one. */
export async function queueStats(queues: readonly { name: string }[] = QUEUES, db?: DbOrTx): Promise<QueueStat[]> {
  const executor = jobExecutor(db ?? (await getDb()));
  const { rows } = await executor.executeSql(STATS_SQL, [queues.map((queue) => queue.name)]);
  return rows as QueueStat[];
}
