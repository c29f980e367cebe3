import { LEAD_INTERESTS } from "@/lib/domain/enums";
import { sql, type SQL } from "drizzle-orm";
import { leadCreatedSummarySql } from "@/lib/activities/record-activity";
import { FIRST_NAMES, LAST_NAMES, SOURCES, TAGS } from "./demo-data";

// One statement that inserts a range of bulk leads, each with its lead_created activity, entirely
// inside PostgreSQL (INSERT … SELECT over generate_series): a million rows never cross the wire
// and the same SQL runs on PGlite. Row number `i` makes each lead unique and findable: its email
// is `first.last.i@example.com`, its phone `+1415` + a 7-digit number unique per i.

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/** `chars` base32 digits (Crockford, lower-case) of a bigint SQL expression: ULID's alphabet. */
function base32(expr: string, chars: number): string {
  return Array.from(
    { length: chars },
    (_, k) => `substr('${CROCKFORD}', (((${expr}) >> ${5 * (chars - 1 - k)}) & 31)::int + 1, 1)`,
  ).join(" || ");
}

/** A ULID-shaped id like newId()'s: 10 digits of the row's ms time, 16 of randomness. */
function ulidSql(prefix: string, msExpr: string): string {
  const random40 = "(floor(random() * 1099511627776))::bigint";
  return `'${prefix}_' || ${base32(msExpr, 10)} || ${base32(random40, 8)} || ${base32(random40, 8)}`;
}

const ascii = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase();
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

// A pipeline most agencies would recognise: many new leads, few won or lost.
const STATUS_WEIGHTS = {
  new: 30,
  contacted: 25,
  qualified: 15,
  visit_scheduled: 10,
  negotiating: 8,
  won: 6,
  lost: 6,
} as const;
const WEIGHTED_STATUSES = Object.entries(STATUS_WEIGHTS).flatMap(([status, weight]) =>
  Array<string>(weight).fill(status),
);

export interface BulkLeadRange {
  accountId: string;
  /** First and last row number, inclusive (1-based over the whole seed). */
  from: number;
  to: number;
  /** Row `total` is created at `newestMs`; row 1 `spanMs` earlier; rows in between evenly. */
  total: number;
  newestMs: number;
  spanMs: number;
}

export function insertBulkLeadsSql(range: BulkLeadRange): SQL {
  const step = Math.max(1, Math.floor(range.spanMs / Math.max(1, range.total)));
  const oldestMs = range.newestMs - step * range.total;
  return sql`
    with rows as (
      select
        i,
        ${oldestMs}::bigint + i * ${step}::bigint as created_ms,
        1 + floor(random() * ${FIRST_NAMES.length})::int as fi,
        1 + floor(random() * ${LAST_NAMES.length})::int as li,
        random() as r
      from generate_series(${range.from}::bigint, ${range.to}::bigint) as g(i)
    ),
    inserted as (
      insert into leads (id, account_id, name, email, phone, status, source, interest, budget, tags, notes, created_at, updated_at)
      select
        ${sql.raw(ulidSql("lead", "created_ms"))},
        ${range.accountId},
        (${textArray(FIRST_NAMES)})[fi] || ' ' || (${textArray(LAST_NAMES)})[li],
        case when r < 0.9 then (${textArray(FIRST_NAMES.map(ascii))})[fi] || '.' || (${textArray(LAST_NAMES.map(ascii))})[li] || '.' || i || '@example.com' end,
        case when r < 0.75 or r >= 0.9 then '+1415' || lpad(((i * 7919) % 10000000)::text, 7, '0') end,
        ((${textArray(WEIGHTED_STATUSES)})[1 + floor(random() * ${WEIGHTED_STATUSES.length})::int])::lead_status,
        (${textArray(SOURCES)})[1 + floor(random() * ${SOURCES.length})::int],
        ((${textArray(LEAD_INTERESTS)})[1 + floor(random() * ${LEAD_INTERESTS.length})::int])::lead_interest,
        case when random() < 0.7 then (20 + floor(random() * 280))::bigint * 10000 end,
        case when random() < 0.3 then array[(${textArray(TAGS)})[1 + floor(random() * ${TAGS.length})::int]] else '{}'::text[] end,
        null,
        to_timestamp(created_ms / 1000.0),
        -- One lead in ten was updated since, at any time up to now: incremental syncs
        -- (updatedAfter) then find old leads too, not only the newest.
        case when random() < 0.1
          then to_timestamp((created_ms + floor(random() * (${range.newestMs}::bigint - created_ms)))::bigint / 1000.0)
          else to_timestamp(created_ms / 1000.0) end
      from rows
      returning id, name, source, created_at
    )
    insert into activities (id, account_id, lead_id, type, summary, data, actor_type, actor_id, actor_name, created_at)
    select
      ${sql.raw(ulidSql("act", "(extract(epoch from created_at) * 1000)::bigint"))},
      ${range.accountId},
      id,
      'lead_created',
      ${leadCreatedSummarySql(sql.raw("name"))},
      jsonb_build_object('source', source),
      'system',
      null,
      'Bulk seed',
      created_at
    from inserted`;
}
