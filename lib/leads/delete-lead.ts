import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { leads } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { getLeadOrThrow } from "./get-lead-or-throw";
import { toPublicLead } from "./public-lead";

// Soft delete: the row and its activities stay (owners can restore it from the web UI).
export async function deleteLead(
  accountId: string,
  leadId: string,
  actor: Actor,
): Promise<{ id: string; deleted: true; deletedAt: string }> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const lead = await getLeadOrThrow(tx, accountId, leadId, { forUpdate: true });
    const deletedAt = new Date();
    await tx.update(leads).set({ deletedAt }).where(eq(leads.id, lead.id));
    await recordActivity(tx, { accountId, leadId, actor }, { kind: "lead_deleted", name: lead.name });
    await recordEvent(tx, accountId, actor, { type: "lead.deleted", object: { ...toPublicLead(lead), deleted: true } });
    return { id: lead.id, deleted: true, deletedAt: deletedAt.toISOString() };
  });
}
