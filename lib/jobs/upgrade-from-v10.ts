import type { JobInsert, PgBoss } from "pg-boss";
import type { Db } from "@/db/client";
import { logger } from "@/lib/log/logger";
import { jobExecutor } from "./job-executor";

// pg-boss 11 rewrote its schema and ships no migration from pg-boss 10's (schema version 24): pg-boss
// 12 refuses to start on one ("the oldest supported starting version is 25"). So a database that ran
// pg-boss 10 is carried over here, in two steps, each under one advisory lock:
//   1. before pg-boss starts, its schema is set aside (renamed pgboss_v10), so that pg-boss installs
//      its own in `pgboss`;
//   2. once the queues exist, the jobs still to run (created, retry, active) are sent again, with
//      their id, data, priority and start time (a text held for quiet hours keeps its sendAt), and
//      the old schema is dropped, in one transaction: a crash before it commits leaves the old
//      schema to the next start, and a crash after it leaves nothing to copy twice.
// A job that was active restarts from the beginning (its handlers are idempotent); its retry count
// starts over. Processes still running pg-boss 10 fail their queries from step 1 on (the tables
// they knew are gone), so their changes that enqueue are refused whole rather than half done:
// stop them before starting this version.

const LOCK_ID = 727002;
const OLD_SCHEMA = "pgboss_v10";
/** pg-boss 11's first schema version: anything below is pg-boss 10's layout (9 and older never ran here). */
const FIRST_V11_VERSION = 25;
const PAGE = 1000;

type OldJob = {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  state: string;
  start_after: Date;
  singleton_key: string | null;
};

/** Step 1: sets pg-boss 10's schema aside. Answers whether a set-aside schema waits for step 2. */
export async function setAsideV10Schema(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const executor = jobExecutor(tx);
    await executor.executeSql("select pg_advisory_xact_lock($1)", [LOCK_ID]);
    const { rows } = await executor.executeSql(
      `select to_regclass('pgboss.version') is not null as installed, to_regnamespace($1) is not null as "setAside"`,
      [OLD_SCHEMA],
    );
    const { installed, setAside } = rows[0] as { installed: boolean; setAside: boolean };
    if (!installed) return setAside;
    const { rows: versions } = await executor.executeSql("select max(version)::int as version from pgboss.version");
    const version = (versions[0] as { version: number | null }).version;
    if (version === null || version >= FIRST_V11_VERSION) return setAside;
    if (setAside) throw new Error(`pg-boss 10's schema is in both pgboss and ${OLD_SCHEMA}: drop one of them`);
    // Waits for the queries of pg-boss 10 processes still running, and keeps their next ones out
    // until the rename commits.
    await executor.executeSql("set local lock_timeout = '30s'");
    await executor.executeSql("lock table pgboss.job in access exclusive mode");
    await executor.executeSql(`alter schema pgboss rename to ${OLD_SCHEMA}`);
    logger.info("jobs: pg-boss 10's schema set aside, pg-boss 12 installs its own", { version, renamedTo: OLD_SCHEMA });
    return true;
  });
}

function toInsert(job: OldJob): JobInsert<object> {
  return {
    id: job.id,
    data: job.data ?? {},
    priority: job.priority,
    // An active job's run was cut short: it runs again now.
    ...(job.state === "active" ? {} : { startAfter: job.start_after }),
    ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
  };
}

function counts(byQueue: Map<string, number>): string {
  return [...byQueue].map(([name, n]) => `${name}=${n}`).join(",");
}

/** Step 2: sends the set-aside schema's jobs still to run to `queues` (created by the caller), and
 * drops the schema. Jobs of any other queue are dropped with a warning. */
export async function carryOverV10Jobs(db: Db, boss: PgBoss, queues: ReadonlySet<string>): Promise<void> {
  await db.transaction(async (tx) => {
    const executor = jobExecutor(tx);
    await executor.executeSql("select pg_advisory_xact_lock($1)", [LOCK_ID]);
    const { rows } = await executor.executeSql(`select to_regnamespace($1) is not null as "setAside"`, [OLD_SCHEMA]);
    if (!(rows[0] as { setAside: boolean }).setAside) return; // another process carried them over
    const carried = new Map<string, number>();
    const dropped = new Map<string, number>();
    let after = { name: "", id: "00000000-0000-0000-0000-000000000000" };
    for (;;) {
      const { rows: page } = (await executor.executeSql(
        `select id, name, data, priority, state::text as state, start_after, singleton_key
           from ${OLD_SCHEMA}.job
          where state in ('created', 'retry', 'active') and (name, id) > ($1, $2::uuid)
          order by name, id limit ${PAGE}`,
        [after.name, after.id],
      )) as { rows: OldJob[] };
      if (page.length === 0) break;
      after = page.at(-1)!;
      const byQueue = Map.groupBy(page, (job) => job.name);
      for (const [name, jobs] of byQueue) {
        if (!queues.has(name)) {
          dropped.set(name, (dropped.get(name) ?? 0) + jobs.length);
          continue;
        }
        await boss.insert(name, jobs.map(toInsert), { db: executor });
        carried.set(name, (carried.get(name) ?? 0) + jobs.length);
      }
    }
    await executor.executeSql(`drop schema ${OLD_SCHEMA} cascade`);
    logger.info("jobs: pg-boss 10's pending jobs carried over", { jobs: counts(carried) });
    if (dropped.size > 0) logger.warn("jobs: pg-boss 10's jobs of unknown queues dropped", { jobs: counts(dropped) });
  });
}
