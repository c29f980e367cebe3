import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { activities } from "@/db/schema";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { followTheWork } from "@/lib/leads/pipeline-moves";
import { noteSchema } from "./note-schema";
import { recordEvent } from "@/lib/events/record-event";
import { recordActivity, type Actor } from "./record-activity";
import { toPublicActivity, type PublicActivity } from "./public-activity";

// A note is an activity of type `note` on a live lead of the account; the whole text is kept
// in data.text. The lead row is locked so a note never lands on a lead being deleted, and so a
// New lead's move to Contacted (pipeline-moves.ts) happens once however many notes arrive at once.
export async function addNote(accountId: string, leadId: string, text: string, actor: Actor): Promise<PublicActivity> {
  const { text: clean } = noteSchema.parse({ text });
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const lead = await getLeadOrThrow(tx, accountId, leadId, { forUpdate: true });
    const id = await recordActivity(tx, { accountId, leadId: lead.id, actor }, { kind: "note", text: clean });
    const [row] = await tx.select().from(activities).where(eq(activities.id, id)).limit(1);
    const note = toPublicActivity(row);
    await recordEvent(tx, accountId, actor, { type: "note.created", object: note });
    await followTheWork(tx, lead, { trigger: "note" }, actor);
    return note;
  });
}
