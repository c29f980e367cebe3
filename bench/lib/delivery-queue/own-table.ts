import type { Sql } from "postgres";

// Issue 32, part 8's alternative to one pg-boss job per delivery, built for scenario 18's measurement
// only (bench/scenarios/delivery-queue-cost.ts): a table of our own in Svix's model, one row per
// message (an event for an endpoint), claimed in batches with FOR UPDATE SKIP LOCKED under a cap of
// deliveries in flight per endpoint, marked done (or put back with its next attempt's time) by an
// update of the row. It lives in a scratch schema of the bench database: no migration of the app.
//
// The statements mirror what pg-boss runs for the app's delivery queue (node_modules/pg-boss/dist/
// plans.js: insertJobs with its pg_notify, fetchNextJob with groupConcurrency, completeJobs), on a
// row of 7 narrow columns and 3 indexes instead of pg-boss's ~30 columns and its indexes.

export const OWN_SCHEMA = "bench_queue";
const TABLE = `${OWN_SCHEMA}.webhook_messages`;
/** The channel a fan-out's commit notifies, as pg-boss's insert does for a `notify` queue. */
export const WAKE_CHANNEL = "bench_queue_messages";

/** Message states. */
const DUE = 0;
const SENDING = 1;
const DELIVERED = 2;

/** Drops and creates the scratch schema and its one table (run by the bench's own connection). */
export async function createOwnTable(sql: Sql): Promise<void> {
  await sql.unsafe(`drop schema if exists ${OWN_SCHEMA} cascade`);
  await sql.unsafe(`create schema ${OWN_SCHEMA}`);
  await sql.unsafe(`
    create table ${TABLE} (
      id bigint generated always as identity primary key,
      endpoint_id text not null,
      event_id text not null,
      attempt integer not null default 1,
      -- ${DUE} due at next_attempt_at, ${SENDING} claimed until claimed_until, ${DELIVERED} delivered
      status smallint not null default ${DUE},
      next_attempt_at timestamptz not null default now(),
      claimed_until timestamptz
    )`);
  // What a claim reads: the due rows in order, and the rows in flight per endpoint (the cap).
  await sql.unsafe(`create index webhook_messages_due_idx on ${TABLE} (next_attempt_at, id) where status = ${DUE}`);
  await sql.unsafe(`create index webhook_messages_sending_idx on ${TABLE} (endpoint_id) where status = ${SENDING}`);
}

/** Empties the table between runs (with a vacuum, as the scenario does for pg-boss's). */
export async function resetOwnTable(sql: Sql): Promise<void> {
  await sql.unsafe(`truncate ${TABLE}`);
  await sql.unsafe(`vacuum analyze ${TABLE}`);
}

/** Rows delivered and rows not yet delivered, to check a run. */
export async function ownTableCounts(sql: Sql): Promise<{ delivered: number; open: number }> {
  const [row] = await sql.unsafe<Array<{ delivered: number; open: number }>>(
    `select count(*) filter (where status = ${DELIVERED})::int as delivered,
            count(*) filter (where status <> ${DELIVERED})::int as open from ${TABLE}`,
  );
  return row;
}

// Fan-out: one statement for the batch, and one pg_notify at its commit (pg-boss's insert does the
// same in a CTE). unnest keeps the text constant whatever the batch's size, so it can be prepared.
const INSERT = `
  with ins as (
    insert into ${TABLE} (endpoint_id, event_id)
    select * from unnest($1::text[], $2::text[])
    returning 1
  )
  select pg_notify('${WAKE_CHANNEL}', '') where exists (select 1 from ins)`;

// Claim: pg-boss's fetch with groupConcurrency, on this table. The endpoints' in-flight counts are
// read once into a map (as pg-boss does, so the plan stays an ordered scan of the due index), due
// rows under the cap are locked in order (SKIP LOCKED: concurrent claimers take different rows),
// ranked per endpoint so the batch itself stays under the cap, and marked sending with a lease
// (a worker that dies lets it lapse; a sweep would put it back, as pg-boss's supervisor does).
const CLAIM = `
  with inflight as materialized (
    select coalesce(jsonb_object_agg(endpoint_id, n), '{}'::jsonb) as counts
    from (select endpoint_id, count(*)::int as n from ${TABLE} where status = ${SENDING} group by endpoint_id) s
  ),
  next as (
    select m.id, m.endpoint_id, coalesce(((select counts from inflight) ->> m.endpoint_id)::int, 0) as active
    from ${TABLE} m
    where m.status = ${DUE} and m.next_attempt_at <= now()
      and coalesce(((select counts from inflight) ->> m.endpoint_id)::int, 0) < $2
    order by m.next_attempt_at, m.id
    limit $1
    for update of m skip locked
  ),
  picked as (
    select id from (
      select id, active + row_number() over (partition by endpoint_id order by id) as n from next
    ) ranked where n <= $2
  )
  update ${TABLE} m set status = ${SENDING}, claimed_until = now() + make_interval(secs => $3)
  where m.id = any(array(select id from picked))
  returning m.id, m.event_id, m.endpoint_id, m.attempt`;

// Done: the batch's rows in one statement (pg-boss completes a batch in one too). A failed attempt
// would instead set status back to due with next_attempt_at and attempt + 1: one update, where
// today a retry is a new job inserted beside the log row.
const COMPLETE = `
  update ${TABLE} set status = ${DELIVERED}, claimed_until = null
  where id = any($1::bigint[]) and status = ${SENDING}`;

export interface OwnTableOptions {
  /** Prepared statements (what the app's own code would use, lib/query/prepare-once.ts), or
   * parsed at every run as pg-boss runs its fetch and completion (lib/jobs/connection-executor.ts). */
  prepare: boolean;
  batchSize: number;
  endpointCap: number;
  leaseSeconds: number;
}

export interface ClaimedMessage {
  id: string;
  event_id: string;
  endpoint_id: string;
  attempt: number;
}

/** The table's three statements over the app's postgres-js pool, counted. */
export function ownTableStatements(sql: Sql, options: OwnTableOptions) {
  const counts = { statements: 0 };
  const run = <T extends object[]>(db: Sql, text: string, values: unknown[]) => {
    counts.statements++;
    return db.unsafe<T>(text, values as never[], { prepare: options.prepare });
  };
  return {
    counts,
    /** One fan-out step's deliveries, in one transaction (BEGIN, the insert, COMMIT). */
    async fanOut(rows: Array<{ eventId: string; endpointId: string }>): Promise<void> {
      counts.statements += 2;
      await sql.begin((tx) =>
        run(tx as unknown as Sql, INSERT, [rows.map((r) => r.endpointId), rows.map((r) => r.eventId)]),
      );
    },
    claim: () => run<ClaimedMessage[]>(sql, CLAIM, [options.batchSize, options.endpointCap, options.leaseSeconds]),
    complete: (ids: string[]) => run(sql, COMPLETE, [ids]),
  };
}
