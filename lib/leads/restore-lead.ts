import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { leads } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { recordActivity } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import { assertOwner } from "@/lib/users/assert-owner";
import { getLeadOrThrow } from "./get-lead-or-throw";
import { toPublicLead, type PublicLead } from "./public-lead";

// Owners undo a soft delete from the web UI. The role is read from the database here, not
// trusted from the page, so staff calling the action directly are refused. The lead's
// activities were never removed, so its timeline is whole again once it is live.
export async function restoreLead(input: {
  accountId: string;
  actorUserId: string;
  leadId: string;
}): Promise<PublicLead> {
  const db = await getDb();
  const owner = await assertOwner(input.accountId, input.actorUserId, db);
  // Its externalId may have been given to a live lead meanwhile: the restore is then a 409 that
  // names that lead, not a 500.
  let externalId: string | null = null;
  const conflict = { resource: "lead" as const, accountId: input.accountId, externalId: () => externalId };
  return withExternalIdConflict(db, conflict, () =>
    inTransaction(db, async (tx) => {
      const lead = await getLeadOrThrow(tx, input.accountId, input.leadId, { forUpdate: true, includeDeleted: true });
      externalId = lead.externalId;
      if (!lead.deletedAt) throw new ApiError("conflict", "This lead is not deleted.");
      const [restored] = await tx.update(leads).set({ deletedAt: null }).where(eq(leads.id, lead.id)).returning();
      const actor = { type: "user" as const, id: owner.userId, name: owner.name };
      await recordActivity(tx, { accountId: input.accountId, leadId: lead.id, actor }, { kind: "lead_restored" });
      const object = toPublicLead(restored);
      await recordEvent(tx, input.accountId, actor, { type: "lead.restored", object });
      return object;
    }),
  );
}
