import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { leads } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { assertVersionMatches } from "@/lib/errors/assert-version-matches";
import { getLeadOrThrow } from "./get-lead-or-throw";
import { toPublicLead } from "./public-lead";

// Soft delete: the row and its activities stay (owners can restore it from the web UI).
export async function deleteLead(
  accountId: string,
  leadId: string,
  actor: Actor,
  /** If-Match (lib/api/if-match.ts): the versions the lead may be at; any when undefined. */
  ifMatch?: readonly number[],
): Promise<{ id: string; deleted: true; deletedAt: string }> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const lead = await getLeadOrThrow(tx, accountId, leadId, { forUpdate: true });
    assertVersionMatches("lead", lead.version, ifMatch);
    const deletedAt = new Date();
    // The deletion is a change like any other: it takes the next version, and the event (the lead
    // as it was) carries it, so a receiver that applies only newer versions never drops a deletion.
    const [deleted] = await tx
      .update(leads)
      .set({ deletedAt })
      .where(eq(leads.id, lead.id))
      .returning({ version: leads.version });
    await recordActivity(tx, { accountId, leadId, actor }, { kind: "lead_deleted", name: lead.name });
    await recordEvent(tx, accountId, actor, {
      type: "lead.deleted",
      object: { ...toPublicLead(lead), version: deleted.version, deleted: true },
    });
    return { id: lead.id, deleted: true, deletedAt: deletedAt.toISOString() };
  });
}
