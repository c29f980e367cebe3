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
import { announceRoutedLeads } from "@/lib/routing/announce-routed-leads";
import { TURN_SEQUENCE_PREFIX } from "@/lib/routing/turn-sequence";
import { loadRoutingRules, type RoutingRule } from "@/lib/routing/load-routing-rules";
import { routeNewLeads, type LeadRoute } from "@/lib/routing/route-new-leads";
import { UNKNOWN_CONSENT } from "./consent-record";
import { publicLeadJsonOf } from "./public-lead";

// The one writer of new leads: POST /leads, the web form, intake, an inbound SMS from a new
// number and the CSV import all insert through it, so a lead's birth has one definition. Each
// lead is written with its lead_created activity (describeActivity) and its lead.created event,
// whose object is the lead's public JSON serialized by PostgreSQL from the inserted row
// (publicLeadJsonOf); the three share the lead's createdAt. A side effect added here happens for
// every way a lead is created: routing is one (lib/routing), so every door routes.
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
// leads.assigned_to of a routed lead: its agent, picked in the statement (route-new-leads.ts).
const selectList = sql.raw(
  COLUMN_NAMES.map((c) =>
    c === "assigned_to" ? `coalesce(input."${c}", routed.chosen ->> 'agentId')` : `input."${c}"`,
  ).join(", "),
);
const STATEMENT = new PgDialect({ casing: DRIZZLE_CONFIG.casing }).sqlToQuery(sql`
  with turns as (
    -- Only a rule without a turn sequence (lib/routing/turn-sequence.ts) advances its row.
    update "lead_routing_rules" r set next_turn = r.next_turn + t.count
    from json_to_recordset(${p("turns")}::json) as t(rule_id text, count int)
    where r.id = t.rule_id and r.account_id = ${p("accountId")}::text
      and to_regclass(quote_ident('${sql.raw(TURN_SEQUENCE_PREFIX)}' || r.id)) is null
    returning r.id as rule_id, r.next_turn - t.count as first_turn
  ), meta as (
    select * from json_to_recordset(${p("meta")}::json)
      as m(lead_id text, activity_id text, type activity_type, summary text, data jsonb, event_id text,
        assign_activity_id text, turn_rule text, turn_offset int, assign_options json)
  ), routed as (
    select m.lead_id, m.assign_activity_id,
      m.assign_options -> (coalesce(
        nextval(to_regclass(quote_ident('${sql.raw(TURN_SEQUENCE_PREFIX)}' || m.turn_rule))),
        coalesce(t.first_turn, 0) + m.turn_offset
      ) % json_array_length(m.assign_options))::int as chosen
    from meta m left join turns t on t.rule_id = m.turn_rule
    where m.assign_options is not null
  ), input as (
    select * from json_populate_recordset(null::leads, ${p("rows")}::json)
  ), inserted as (
    insert into "leads" (${columnList})
    select ${selectList} from input left join routed on routed.lead_id = input.id
    returning *
  ), activity as (
    insert into "activities" (id, account_id, lead_id, type, summary, data, actor_type, actor_id, actor_name, created_at)
    select m.activity_id, inserted.account_id, inserted.id, m.type, m.summary, m.data,
      ${p("actorType")}::actor_type, ${p("actorId")}::text, ${p("actorName")}::text, inserted.created_at
    from inserted join meta m on m.lead_id = inserted.id
  ), assignment as (
    insert into "activities" (id, account_id, lead_id, type, summary, data, actor_type, actor_id, actor_name, created_at)
    select r.assign_activity_id, inserted.account_id, inserted.id, 'lead_assigned', r.chosen ->> 'summary',
      (r.chosen -> 'data')::jsonb, 'system', null, ${p("routingActorName")}::text, inserted.created_at
    from inserted join routed r on r.lead_id = inserted.id
  ), lead_event as (
    insert into "events" (id, account_id, type, object_id, data, actor_type, actor_id, actor_name, request_id, trace_context, created_at)
    select m.event_id, inserted.account_id, 'lead.created', inserted.id, (${eventDataOfJsonSql(publicLeadJsonOf(inserted))})::json,
      ${p("actorType")}::actor_type, ${p("actorId")}::text, ${p("actorName")}::text, ${p("requestId")}::text,
      ${p("traceContext")}::text, inserted.created_at
    from inserted join meta m on m.lead_id = inserted.id
    returning object_id, data
  )
  select e.object_id as id, case when ${p("withJson")}::boolean then (e.data -> 'object')::text end as json,
    r.chosen ->> 'agentId' as routed_to
  from lead_event e left join routed r on r.lead_id = e.object_id
`);

export interface NewLeadWritten {
  id: string;
  /** The lead's public JSON (the event's object, as stored), when asked for. */
  json: string | null;
}

/** Who the timeline says assigned a routed lead: routing did, not whoever created the lead. */
const ROUTING_ACTOR_NAME = "Lead routing";

/** One lead's lead_assigned activity for each agent the statement may pick, in turn order. */
function assignOptions(route: LeadRoute) {
  return route.candidates.map((agent) => ({
    agentId: agent.id,
    ...describeActivity({
      kind: "lead_assigned",
      agentId: agent.id,
      agentName: agent.name,
      ruleId: route.rule.id,
      ruleName: route.rule.name,
    }),
  }));
}

/**
 * Inserts the leads with their activities and events, on the pool (one atomic statement) or in
 * the caller's transaction (one of inTransaction's: the dispatcher is woken after its commit). Answers the new leads in the order given; their JSON only with
 * `withJson` (an import of 100,000 rows has no use for it).
 *
 * A lead without an assignee is routed (lib/routing): the account's rules are read (one indexed
 * read; `rules` when the caller has read them already, alongside its own reads), the lead gets the
 * agent of the first rule that takes it, in the same statement, with a lead_assigned activity; its
 * agent is told after the commit (announceRoutedLeads).
 */
export async function insertNewLeads(
  db: DbOrTx,
  accountId: string,
  input: readonly NewLead[],
  actor: Actor,
  {
    withJson = false,
    rules,
    announce = true,
  }: {
    withJson?: boolean;
    rules?: readonly RoutingRule[];
    /** Email each routed lead's agent and queue its re-route (announceRoutedLeads). The CSV
     * import says no: its rows are a backlog, and 100,000 of them would be 100,000 emails and
     * re-routes; its leads are routed all the same and show on each agent's dashboard. */
    announce?: boolean;
  } = {},
): Promise<NewLeadWritten[]> {
  if (!input.length) return [];
  const unassigned = input.some((fields) => fields.assignedTo == null);
  const { routes, turns } = routeNewLeads(unassigned ? (rules ?? (await loadRoutingRules(db, accountId))) : [], input);
  const ids = input.map(() => newId("lead"));
  const rows = input.map((fields, i) => {
    const row: Record<string, unknown> = { id: ids[i], account_id: accountId };
    for (const field of FIELDS) row[snake(field)] = fields[field] ?? DEFAULTS[field] ?? null;
    return row;
  });
  const meta = input.map((fields, i) => {
    const activity = describeActivity({ kind: "lead_created", name: fields.name, source: fields.source ?? null });
    const route = routes[i];
    return {
      lead_id: ids[i],
      activity_id: newId("activity"),
      type: activity.type,
      summary: activity.summary,
      data: activity.data,
      event_id: newId("event"),
      ...(route && {
        assign_activity_id: newId("activity"),
        turn_rule: route.rule.id,
        turn_offset: route.turnOffset,
        assign_options: assignOptions(route),
      }),
    };
  });
  const values: Record<string, unknown> = {
    rows: JSON.stringify(rows),
    meta: JSON.stringify(meta),
    turns: JSON.stringify(turns.map(({ ruleId, count }) => ({ rule_id: ruleId, count }))),
    accountId,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    routingActorName: ROUTING_ACTOR_NAME,
    requestId: actor.requestId ?? null,
    traceContext: traceContextOfChange(),
    withJson,
  };
  const { rows: written } = await jobExecutor(db).executeSql(STATEMENT.sql, fillPlaceholders(STATEMENT.params, values));
  // The dispatcher fans the events out once they are committed.
  afterCommit(db, requestDispatch);
  const routedTo = new Map(written.map((row) => [row.id as string, row.routed_to as string | null]));
  const routed = ids.flatMap((id, i) => {
    const agentId = routedTo.get(id);
    const route = routes[i];
    return agentId && route ? [{ leadId: id, agentId, rule: route.rule }] : [];
  });
  // The agents are told once the leads exist for them to open.
  if (announce && routed.length) afterCommit(db, () => announceRoutedLeads(accountId, routed));
  const jsonById = new Map(written.map((row) => [row.id as string, (row.json as string | null) ?? null]));
  return ids.map((id) => ({ id, json: jsonById.get(id) ?? null }));
}
