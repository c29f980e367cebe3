import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities } from "@/db/schema";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { noteSchema } from "./note-schema";
import { recordActivity, type Actor } from "./record-activity";
import { toPublicActivity, type PublicActivity } from "./to-public-activity";

const SUMMARY_LENGTH = 140;

/** The timeline's one readable line: the note's first line, shortened. */
export function noteSummary(text: string): string {
  const firstLine = text.split("\n", 1)[0].trim();
  return firstLine.length > SUMMARY_LENGTH ? `${firstLine.slice(0, SUMMARY_LENGTH - 1)}…` : firstLine;
}

// A note is an activity of type `note` on a live lead of the account; the whole text is kept
// in data.text. The lead row is locked so a note never lands on a lead being deleted.
export async function addNote(accountId: string, leadId: string, text: string, actor: Actor): Promise<PublicActivity> {
  const { text: clean } = noteSchema.parse({ text });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const lead = await getLeadOrThrow(tx, accountId, leadId, { forUpdate: true });
    const id = await recordActivity(tx, {
      accountId,
      leadId: lead.id,
      type: "note",
      summary: noteSummary(clean),
      data: { text: clean },
      actor,
    });
    const [row] = await tx.select().from(activities).where(eq(activities.id, id)).limit(1);
    return toPublicActivity(row);
  });
}
