import { sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "@/db/client";
import { activities, events, leads } from "@/db/schema";
import type { ActivityType, ActorType, EventType, LeadConsent } from "@/lib/domain/enums";
import { eventDataOfJsonSql } from "@/lib/events/record-event";
import { afterCommit, inTransaction } from "@/lib/query/after-commit";
import { executePreparedIn } from "@/lib/query/execute-prepared-in";
import { requestDispatch } from "@/lib/webhooks/dispatch/event-dispatcher";
import { traceContextOfChange } from "@/lib/observability/event-trace-context";
import { newId } from "@/lib/ids/new-id";
import { describeActivity, type Actor } from "@/lib/activities/record-activity";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import { JsonText } from "@/lib/query/json-text";
import { prepareOnce } from "@/lib/query/prepare-once";
import type { ActivityData } from "@/lib/schemas/activities";
import type { EventData } from "@/lib/schemas/events";
import { leadCreateSchema, leadSchema, type LeadCreateInput } from "@/lib/schemas/leads";
import {
  customFieldsForWrite,
  definitionsForWrite,
  sendsCustomFields,
} from "@/lib/custom-fields/definitions-for-write";
import { validateCustomFields } from "@/lib/custom-fields/validate-custom-fields";
import { consentRecordOf, UNKNOWN_CONSENT } from "./consent-record";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { recordLeadChangeActivities } from "./record-lead-change-activities";
import { publicLeadJsonOf, type PublicLead } from "./public-lead";
import { assertNumberOptOutClearable } from "@/lib/sms/assert-opt-out-clearable";

const p = sql.placeholder;

// The writable fields, in leadCreateSchema's order: a field added to the schema (and its column)
// is inserted with no edit here.
const WRITABLE = Object.keys(leadCreateSchema.shape) as (keyof LeadCreateInput)[];
// What the table defaults NOT NULL columns to (db/schema/leads.ts): a prepared INSERT names every
// writable column, so a field not sent is sent as its default, or null.
const DEFAULTS: Partial<LeadCreateInput> = { status: "new", tags: [], smsOptOut: false, customFields: {} };

// The lead, its lead_created activity and its lead.created event commit together or not at all:
// one statement, the activity and the event inserted from the lead's row by data-modifying CTEs
// (the event as lib/events/record-event.ts writes one). One statement is atomic on its
// own, so it needs no transaction: one round trip instead of four (BEGIN, two INSERTs, COMMIT).
// Prepared once (lib/query/prepare-once.ts): building this statement with Drizzle took about
// 1 ms of CPU a request, a fifth of POST /leads (`npm run bench:profile -- --target create-lead`).
const insertLeadWithActivity = prepareOnce((db) => {
  // Every column is a placeholder; createdAt/updatedAt take the database's time.
  const columns = Object.fromEntries(WRITABLE.map((field) => [field, p(field)]));
  const inserted = db.$with("inserted").as(
    db
      .insert(leads)
      .values({ id: p("id"), accountId: p("accountId"), name: p("name"), ...columns })
      .returning(),
  );
  const leadCreated = db.$with("lead_created").as(
    db
      .insert(activities)
      .select(
        db
          .select({
            id: sql<string>`${p("activityId")}::text`.as("id"),
            accountId: inserted.accountId,
            leadId: inserted.id,
            type: sql<ActivityType>`${p("activityType")}::activity_type`.as("type"),
            summary: sql<string>`${p("activitySummary")}::text`.as("summary"),
            data: sql<ActivityData>`${p("activityData")}::jsonb`.as("data"),
            actorType: sql<ActorType>`${p("actorType")}::actor_type`.as("actor_type"),
            actorId: sql<string | null>`${p("actorId")}::text`.as("actor_id"),
            actorName: sql<string>`${p("actorName")}::text`.as("actor_name"),
            createdAt: inserted.createdAt,
          })
          .from(inserted),
      )
      .returning({ id: activities.id }),
  );
  const leadEvent = db.$with("lead_event").as(
    db
      .insert(events)
      .select(
        db
          .select({
            id: sql<string>`${p("eventId")}::text`.as("id"),
            accountId: inserted.accountId,
            type: sql<EventType>`'lead.created'`.as("type"),
            objectId: inserted.id,
            data: sql<EventData>`(${eventDataOfJsonSql(publicLeadJsonOf(inserted))})::json`.as("data"),
            actorType: sql<ActorType>`${p("actorType")}::actor_type`.as("actor_type"),
            actorId: sql<string | null>`${p("actorId")}::text`.as("actor_id"),
            actorName: sql<string>`${p("actorName")}::text`.as("actor_name"),
            requestId: sql<string | null>`${p("requestId")}::text`.as("request_id"),
            traceContext: sql<string | null>`${p("traceContext")}::text`.as("trace_context"),
            txid: sql<string>`pg_current_xact_id()`.as("txid"),
            createdAt: inserted.createdAt,
          })
          .from(inserted),
      )
      .returning({ data: events.data }),
  );
  // PostgreSQL runs every data-modifying CTE to completion, referenced or not. The new lead
  // comes back serialized (public-lead.ts): no row mapping, Dates or stringify here. It is the
  // event's object, serialized once: `->` on json answers that part of the stored text as is.
  return db
    .with(inserted, leadCreated, leadEvent)
    .select({ json: sql<string>`(${leadEvent.data} -> 'object')::text` })
    .from(leadEvent)
    .prepare("lead_create_with_activity");
});

/** Creates the lead; answers its id and its public JSON (POST /leads sends that text as is). */
export async function createLeadJson(
  account: LeadAccountContext,
  input: LeadCreateInput,
  actor: Actor,
): Promise<{ id: string; json: JsonText<PublicLead> }> {
  const db = await getDb();
  const sendsCustom = sendsCustomFields(input.customFields);
  // Reads the property and owner it names (in this account), then normalises: nothing written.
  // Meanwhile, when no custom field is sent, the definitions only if the account has a required
  // one (the flag comes with the API key; the web UI's context leaves it unset, so they are read).
  const [fields, definitions] = await Promise.all([
    prepareLeadFields(db, account, input),
    sendsCustom || account.hasRequiredLeadCustomFields === false
      ? undefined
      : definitionsForWrite(db, account.accountId, "lead", { lock: false }),
  ]);
  // Nothing sent: a 400 naming each required field, else nothing to store.
  if (definitions) validateCustomFields(definitions, {}, null, "create");
  // A consent granted over the number's own STOP (another lead's, or a deleted one's): 409.
  if (fields.consent?.sms.status === "granted" && fields.phone)
    await assertNumberOptOutClearable(db, account.accountId, fields.phone);
  const { id, values, consent } = statementValuesOf(account.accountId, fields, actor);
  const statement = insertLeadWithActivity(db);
  const conflict = { resource: "lead" as const, accountId: account.accountId, externalId: () => fields.externalId };
  const json = await withExternalIdConflict(db, conflict, async () => {
    // However many webhook endpoints the account has: the event is one row of this statement,
    // and the dispatcher fans it out after the commit.
    if (!consent && !sendsCustom) return (await statement.execute(values))[0].json;
    // A consent given with the lead commits with its activity, and custom fields are checked
    // against definitions locked until the lead commits (definitions-for-write.ts): the same
    // statement, in a transaction with them.
    return inTransaction(db, async (tx) => {
      if (sendsCustom) {
        const target = { accountId: account.accountId, resource: "lead" as const };
        values.customFields = await customFieldsForWrite(tx, target, input.customFields, null, "create");
      }
      const [row] = await executePreparedIn(tx, statement, values);
      await recordCreatedConsent(tx, account.accountId, id, consent, actor);
      return Object.values(row)[0] as string;
    });
  });
  requestDispatch();
  return { id, json: new JsonText(json) };
}

/** The same statement inside the caller's transaction (intake), from fields prepareLeadFields
 * has already checked and normalised. */
export async function insertPreparedLeadIn(
  tx: Tx,
  accountId: string,
  fields: LeadCreateInput,
  actor: Actor,
): Promise<{ id: string; json: JsonText<PublicLead> }> {
  const { id, values, consent } = statementValuesOf(accountId, fields, actor);
  const [row] = await executePreparedIn(tx, insertLeadWithActivity(await getDb()), values);
  await recordCreatedConsent(tx, accountId, id, consent, actor);
  afterCommit(tx, requestDispatch);
  return { id, json: new JsonText(Object.values(row)[0] as string) };
}

function statementValuesOf(accountId: string, fields: LeadCreateInput, actor: Actor) {
  const id = newId("lead");

  // A consent sent with the lead is recorded as given (dated now unless it says when).
  const consent = consentRecordOf(fields.consent, UNKNOWN_CONSENT);
  const columns = Object.fromEntries(
    WRITABLE.map((field) => [
      field,
      field === "consent" ? (consent ?? UNKNOWN_CONSENT) : (fields[field] ?? DEFAULTS[field] ?? null),
    ]),
  );
  const activity = describeActivity({ kind: "lead_created", name: fields.name, source: fields.source ?? null });
  const values: Record<string, unknown> = {
    ...columns,
    id,
    accountId,
    activityId: newId("activity"),
    activityType: activity.type,
    activitySummary: activity.summary,
    // JSON text: a placeholder bound to no column gets none of Drizzle's jsonb mapping.
    activityData: JSON.stringify(activity.data),
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    eventId: newId("event"),
    requestId: actor.requestId ?? null,
    traceContext: traceContextOfChange(),
  };
  return { id, values, consent };
}

/** A lead created with its consent: the record's history starts with `unknown` → what was sent. */
async function recordCreatedConsent(
  tx: DbOrTx,
  accountId: string,
  leadId: string,
  consent: LeadConsent | undefined,
  actor: Actor,
): Promise<void> {
  if (consent)
    await recordLeadChangeActivities(tx, { accountId, leadId, actor }, {}, { from: UNKNOWN_CONSENT, to: consent });
}

/** Creates the lead (the web UI's form, fixtures): the same statement, parsed. */
export async function createLead(
  account: LeadAccountContext,
  input: LeadCreateInput,
  actor: Actor,
): Promise<PublicLead> {
  return leadSchema.parse(JSON.parse((await createLeadJson(account, input, actor)).json.text));
}
