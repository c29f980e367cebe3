import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads, type ActivityType, type ActorType } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import type { Actor } from "@/lib/activities/record-activity";
import type { LeadCreateInput } from "@/lib/schemas/leads";
import { prepareLeadFields, type LeadAccountContext } from "./prepare-lead-fields";
import { toPublicLead, type PublicLead } from "./to-public-lead";

// The lead and its lead_created activity commit together or not at all: one statement, the
// activity inserted from the lead's row by a data-modifying CTE. One statement is atomic on its
// own, so it needs no transaction: one round trip instead of four (BEGIN, two INSERTs, COMMIT),
// which made POST /leads cost several times the CPU of a read under load (`npm run bench`).
export async function createLead(account: LeadAccountContext, input: LeadCreateInput, actor: Actor): Promise<PublicLead> {
  const db = await getDb();
  // Reads the property and owner it names (in this account), then normalises: nothing written.
  const fields = await prepareLeadFields(db, account, input);
  const inserted = db.$with("inserted").as(
    db
      .insert(leads)
      .values({ ...fields, id: newId("lead"), accountId: account.accountId, name: input.name })
      .returning(),
  );
  const leadCreated = db.$with("lead_created").as(
    db
      .insert(activities)
      .select(
        db
          .select({
            id: sql<string>`${newId("activity")}`.as("id"),
            accountId: inserted.accountId,
            leadId: inserted.id,
            type: sql<ActivityType>`${"lead_created"}::activity_type`.as("type"),
            summary: sql<string>`'Lead ' || ${inserted.name} || ' created'`.as("summary"),
            data: sql<Record<string, unknown>>`jsonb_build_object('source', ${inserted.source})`.as("data"),
            actorType: sql<ActorType>`${actor.type}::actor_type`.as("actor_type"),
            actorId: sql<string | null>`${actor.id}::text`.as("actor_id"),
            actorName: sql<string>`${actor.name}::text`.as("actor_name"),
            createdAt: inserted.createdAt,
          })
          .from(inserted),
      )
      .returning({ id: activities.id }),
  );
  // PostgreSQL runs every data-modifying CTE to completion, referenced or not.
  const [lead] = await db.with(inserted, leadCreated).select().from(inserted);
  return toPublicLead(lead);
}
