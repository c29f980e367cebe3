import { getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import { leads } from "@/db/schema";
import { describeActivity, type Actor } from "@/lib/activities/record-activity";
import { eventDataOfJsonSql } from "@/lib/events/record-event";
import { newId } from "@/lib/ids/new-id";
import { publicLeadJsonOf } from "@/lib/leads/public-lead";
import { leadCreateSchema } from "@/lib/schemas/leads";
import { afterCommit } from "@/lib/query/after-commit";
import { requestDispatch } from "@/lib/webhooks/dispatch/event-dispatcher";
import { traceContextOfChange } from "@/lib/observability/event-trace-context";
import type { ImportedLead } from "./lead-of-row";

// A chunk's new leads, written as POST /leads writes one (lib/leads/create-lead.ts): the lead,
// its lead_created activity (describeActivity) and its lead.created event, whose object is the
// lead's public JSON serialized by PostgreSQL from the inserted row (publicLeadJsonOf, as
// createLead does), the three sharing the lead's createdAt, all in the chunk's transaction (the
// dispatcher fans the events out once it commits). One statement for the whole chunk, its rows sent as
// one JSON parameter: a statement a lead (or Drizzle building a multi-row INSERT, 0.2 ms of CPU
// a lead) was most of an import's time on two shared cores (bench scenario 13).
// tests/integration/imports hold its rows to createLead's.

// The writable fields, as createLead inserts them (a field added to leadCreateSchema and its
// column is inserted with no edit here); consent is left to its column default, `unknown`: no
// import column maps to it.
const FIELDS = Object.keys(leadCreateSchema.shape).filter((f) => f !== "consent") as (keyof ImportedLead)[];
const COLUMNS = getTableColumns(leads);
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COLUMN_NAMES = ["id", "accountId", ...FIELDS].map((key) => {
  if (!(key in COLUMNS)) throw new Error(`leads has no column for ${key}`);
  return snake(key);
});
// What createLead sends for a field not given (its DEFAULTS): the NOT NULL columns' defaults.
const DEFAULTS: Partial<Record<keyof ImportedLead, unknown>> = {
  status: "new",
  tags: [],
  smsOptOut: false,
  customFields: {},
};

const inserted = alias(leads, "inserted");
const columnList = sql.raw(COLUMN_NAMES.map((c) => `"${c}"`).join(", "));

/** Answers the new leads' ids, in the order given. */
export async function insertImportedLeads(
  tx: Tx,
  accountId: string,
  input: readonly ImportedLead[],
  actor: Actor,
): Promise<string[]> {
  if (!input.length) return [];
  const ids = input.map(() => newId("lead"));
  const eventIds = input.map(() => newId("event"));
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
      event_id: eventIds[i],
    };
  });
  await tx.execute(sql`
    with input as (
      select * from json_populate_recordset(null::leads, ${JSON.stringify(rows)}::json)
    ), inserted as (
      insert into leads (${columnList}) select ${columnList} from input returning *
    ), meta as (
      select * from json_to_recordset(${JSON.stringify(meta)}::json)
        as m(lead_id text, activity_id text, type activity_type, summary text, data jsonb, event_id text)
    ), activity as (
      insert into activities (id, account_id, lead_id, type, summary, data, actor_type, actor_id, actor_name, created_at)
      select m.activity_id, inserted.account_id, inserted.id, m.type, m.summary, m.data,
        ${actor.type}::actor_type, ${actor.id}, ${actor.name}, inserted.created_at
      from inserted join meta m on m.lead_id = inserted.id
    )
    insert into events (id, account_id, type, object_id, data, actor_type, actor_id, actor_name, request_id, trace_context, created_at)
    select m.event_id, inserted.account_id, 'lead.created', inserted.id, (${eventDataOfJsonSql(publicLeadJsonOf(inserted))})::json,
      ${actor.type}::actor_type, ${actor.id}, ${actor.name}, ${actor.requestId ?? null}, ${traceContextOfChange()},
      inserted.created_at
    from inserted join meta m on m.lead_id = inserted.id
  `);
  afterCommit(tx, requestDispatch);
  return ids;
}
