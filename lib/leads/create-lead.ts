import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads, type ActivityType, type ActorType } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import type { Actor } from "@/lib/activities/record-activity";
import { prepareOnce } from "@/lib/query/prepare-once";
import type { LeadCreateInput } from "@/lib/schemas/leads";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { publicLeadJsonOf } from "./public-lead-json";
import type { PublicLead } from "./to-public-lead";

const p = sql.placeholder;

// The lead and its lead_created activity commit together or not at all: one statement, the
// activity inserted from the lead's row by a data-modifying CTE. One statement is atomic on its
// own, so it needs no transaction: one round trip instead of four (BEGIN, two INSERTs, COMMIT).
// Prepared once (lib/query/prepare-once.ts): building this statement with Drizzle took about
// 1 ms of CPU a request, a fifth of POST /leads (`npm run bench:profile -- --target create-lead`).
const insertLeadWithActivity = prepareOnce((db) => {
  // Every column is a placeholder, so absent fields are sent as null and the columns with a
  // default get it from the caller (see createLead); createdAt/updatedAt take the database's.
  const inserted = db.$with("inserted").as(
    db
      .insert(leads)
      .values({
        id: p("id"),
        accountId: p("accountId"),
        name: p("name"),
        email: p("email"),
        phone: p("phone"),
        status: p("status"),
        source: p("source"),
        interest: p("interest"),
        budget: p("budget"),
        propertyId: p("propertyId"),
        assignedTo: p("assignedTo"),
        tags: p("tags"),
        notes: p("notes"),
        smsOptOut: p("smsOptOut"),
      })
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
            type: sql<ActivityType>`'lead_created'::activity_type`.as("type"),
            summary: sql<string>`'Lead ' || ${inserted.name} || ' created'`.as("summary"),
            data: sql<Record<string, unknown>>`jsonb_build_object('source', ${inserted.source})`.as("data"),
            actorType: sql<ActorType>`${p("actorType")}::actor_type`.as("actor_type"),
            actorId: sql<string | null>`${p("actorId")}::text`.as("actor_id"),
            actorName: sql<string>`${p("actorName")}::text`.as("actor_name"),
            createdAt: inserted.createdAt,
          })
          .from(inserted),
      )
      .returning({ id: activities.id }),
  );
  // PostgreSQL runs every data-modifying CTE to completion, referenced or not. The new lead
  // comes back serialized (public-lead-json.ts): no row mapping, Dates or stringify here.
  return db
    .with(inserted, leadCreated)
    .select({ json: publicLeadJsonOf(inserted) })
    .from(inserted)
    .prepare("lead_create_with_activity");
});

/** Creates the lead; answers its id and its public JSON (POST /leads sends that text as is). */
export async function createLeadJson(
  account: LeadAccountContext,
  input: LeadCreateInput,
  actor: Actor,
): Promise<{ id: string; json: string }> {
  const db = await getDb();
  // Reads the property and owner it names (in this account), then normalises: nothing written.
  const fields = await prepareLeadFields(db, account, input);
  const id = newId("lead");
  const [{ json }] = await insertLeadWithActivity(db).execute({
    id,
    accountId: account.accountId,
    name: fields.name,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    // The column defaults of db/schema/leads.ts: a prepared INSERT names every column.
    status: fields.status ?? "new",
    source: fields.source ?? null,
    interest: fields.interest ?? null,
    budget: fields.budget ?? null,
    propertyId: fields.propertyId ?? null,
    assignedTo: fields.assignedTo ?? null,
    tags: fields.tags ?? [],
    notes: fields.notes ?? null,
    smsOptOut: fields.smsOptOut ?? false,
    activityId: newId("activity"),
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
  });
  return { id, json };
}

/** Creates the lead (the web UI's form, fixtures): the same statement, parsed. */
export async function createLead(
  account: LeadAccountContext,
  input: LeadCreateInput,
  actor: Actor,
): Promise<PublicLead> {
  return JSON.parse((await createLeadJson(account, input, actor)).json) as PublicLead;
}
