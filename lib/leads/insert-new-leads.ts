import { fillPlaceholders, getTableColumns, sql } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import { DRIZZLE_CONFIG, type DbOrTx } from "@/db/client";
import { leads } from "@/db/schema";
import type { LeadConsent } from "@/lib/domain/enums";
import { describeActivity, type Actor } from "@/lib/activities/record-activity";
import { eventDataOfJsonSql } from "@/lib/events/record-event";
import { newId } from "@/lib/ids/new-id";
import { jobExecutor } from "@/lib/jobs/job-executor";
import { traceContextOfChange } from "@/lib/observability/event-trace-context";
import { afterCommit } from "@/lib/query/after-commit";
import { requestDispatch } from "@/lib/webhooks/dispatch/event-dispatcher";
import type { CustomFieldValues } from "@/lib/schemas/custom-fields";
import { leadCreateSchema, type LeadCreateInput } from "@/lib/schemas/leads";
import { UNKNOWN_CONSENT } from "./consent-record";
import { publicLeadJsonOf } from "./public-lead";

// The one writer of new leads: POST /leads, the web form, intake, an inbound SMS from a new
// number and the CSV import all insert through it, so a lead's birth has one definition. Each
// lead is written with its lead_created activity (describeActivity) and its lead.created event,
// whose object is the lead's public JSON serialized by PostgreSQL from the inserted row
// (publicLeadJsonOf); the three share the lead's createdAt. A side effect added here happens for
// every way a lead is created.
//
// One statement for any number of leads, the rows sent as one JSON parameter: a statement a
// lead (or Drizzle building a multi-row INSERT, 0.2 ms of CPU a lead) was most of an import's
// time on two shared cores (bench scenario 13). One statement is atomic on its own, so a single
// lead needs no transaction: one round trip. Its text never changes, so it is rendered once and
// prepared per connection (lib/jobs/job-executor.ts), as POST /leads needs (building it with
// Drizzle cost about 1 ms of CPU a request: `npm run bench:profile -- --target create-lead`).

/** A new lead's fields, checked and normalised (prepareLeadFields); consent as the record to
 * store (consentRecordOf), `unknown` when not given. */
export type NewLead = Omit<LeadCreateInput, "consent" | "customFields"> & {
  consent?: LeadConsent;
  customFields?: CustomFieldValues;
};

// The writable fields, in leadCreateSchema's order: a field added to the schema (and its column)
// is inserted with no edit here.
const FIELDS = Object.keys(leadCreateSchema.shape) as (keyof NewLead)[];
const COLUMNS = getTableColumns(leads);
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COLUMN_NAMES = ["id", "accountId", ...FIELDS].map((key) => {
  if (!(key in COLUMNS)) throw new Error(`leads has no column for ${key}`);
  return snake(key);
});
// What the table defaults NOT NULL columns to (db/schema/leads.ts): the statement names every
// writable column, so a field not given is sent as its default, or null.
const DEFAULTS: Partial<Record<keyof NewLead, unknown>> = {
  status: "new",
  tags: [],
  smsOptOut: false,
  consent: UNKNOWN_CONSENT,
  customFields: {},
};

const p = sql.placeholder;
const inserted = alias(leads, "inserted");
const columnList = sql.raw(COLUMN_NAMES.map((c) => `"${c}"`).join(", "));
const STATEMENT = new PgDialect({ casing: DRIZZLE_CONFIG.casing }).sqlToQuery(sql`
  with input as (
    select * from json_populate_recordset(null::leads, ${p("rows")}::json)
  ), inserted as (
    insert into "leads" (${columnList}) select ${columnList} from input returning *
  ), meta as (
    select * from json_to_recordset(${p("meta")}::json)
      as m(lead_id text, activity_id text, type activity_type, summary text, data jsonb, event_id text)
  ), activity as (
    insert into "activities" (id, account_id, lead_id, type, summary, data, actor_type, actor_id, actor_name, created_at)
    select m.activity_id, inserted.account_id, inserted.id, m.type, m.summary, m.data,
      ${p("actorType")}::actor_type, ${p("actorId")}::text, ${p("actorName")}::text, inserted.created_at
    from inserted join meta m on m.lead_id = inserted.id
  ), lead_event as (
    insert into "events" (id, account_id, type, object_id, data, actor_type, actor_id, actor_name, request_id, trace_context, created_at)
    select m.event_id, inserted.account_id, 'lead.created', inserted.id, (${eventDataOfJsonSql(publicLeadJsonOf(inserted))})::json,
      ${p("actorType")}::actor_type, ${p("actorId")}::text, ${p("actorName")}::text, ${p("requestId")}::text,
      ${p("traceContext")}::text, inserted.created_at
    from inserted join meta m on m.lead_id = inserted.id
    returning object_id, data
  )
  select object_id as id, case when ${p("withJson")}::boolean then (data -> 'object')::text end as json
  from lead_event
`);

export interface NewLeadWritten {
  id: string;
  /** The lead's public JSON (the event's object, as stored), when asked for. */
  json: string | null;
}

/**
 * Inserts the leads with their activities and events, on the pool (one atomic statement) or in
 * the caller's transaction (one of inTransaction's: the dispatcher is woken after its commit). Answers the new leads in the order given; their JSON only with
 * `withJson` (an import of 100,000 rows has no use for it).
 */
export async function insertNewLeads(
  db: DbOrTx,
  accountId: string,
  input: readonly NewLead[],
  actor: Actor,
  { withJson = false }: { withJson?: boolean } = {},
): Promise<NewLeadWritten[]> {
  if (!input.length) return [];
  const ids = input.map(() => newId("lead"));
  const rows = input.map((fields, i) => {
    const row: Record<string, unknown> = { id: ids[i], account_id: accountId };
    for (const field of FIELDS) row[snake(field)] = fields[field] ?? DEFAULTS[field] ?? null;
    return row;
  });
  const meta = input.map((fields, i) => {
    const activity = describeActivity({ kind: "lead_created", name: fields.name, source: fields.source ?? null });
    return {
      lead_id: ids[i],
      activity_id: newId("activity"),
      type: activity.type,
      summary: activity.summary,
      data: activity.data,
      event_id: newId("event"),
    };
  });
  const values: Record<string, unknown> = {
    rows: JSON.stringify(rows),
    meta: JSON.stringify(meta),
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    requestId: actor.requestId ?? null,
    traceContext: traceContextOfChange(),
    withJson,
  };
  const { rows: written } = await jobExecutor(db).executeSql(STATEMENT.sql, fillPlaceholders(STATEMENT.params, values));
  // The dispatcher fans the events out once they are committed.
  afterCommit(db, requestDispatch);
  const jsonById = new Map(written.map((row) => [row.id as string, (row.json as string | null) ?? null]));
  return ids.map((id) => ({ id, json: jsonById.get(id) ?? null }));
}
