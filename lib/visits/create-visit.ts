import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { visits } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { ApiError } from "@/lib/errors/api-error";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { assertPropertyInAccount, assertAssignableUser } from "@/lib/accounts/assert-account-references";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import type { VisitCreateInput } from "@/lib/schemas/visits";
import { toPublicVisit, type PublicVisit } from "./public-visit";

// The visit, the lead's visit_scheduled activity and the visit.created event commit together.
export async function createVisit(accountId: string, input: VisitCreateInput, actor: Actor): Promise<PublicVisit> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const lead = await getLeadOrThrow(tx, accountId, input.leadId).catch((error: unknown) => {
      // Name the field, as for propertyId and agentId.
      if (error instanceof ApiError && error.code === "not_found")
        throw new ApiError("not_found", "Lead not found.", [
          { path: "leadId", message: "No such live lead in this account" },
        ]);
      throw error;
    });
    await assertPropertyInAccount(tx, accountId, input.propertyId);
    await assertAssignableUser(tx, accountId, input.agentId, "agentId");
    const [visit] = await tx
      .insert(visits)
      .values({
        id: newId("visit"),
        accountId,
        leadId: lead.id,
        propertyId: input.propertyId,
        scheduledAt: new Date(input.scheduledAt),
        durationMinutes: input.durationMinutes ?? 30,
        agentId: input.agentId ?? null,
        notes: input.notes ?? null,
      })
      .returning();
    await recordActivity(
      tx,
      { accountId, leadId: lead.id, actor },
      { kind: "visit_scheduled", visitId: visit.id, propertyId: visit.propertyId, scheduledAt: visit.scheduledAt },
    );
    const object = toPublicVisit(visit);
    await recordEvent(tx, accountId, actor, { type: "visit.created", object });
    return object;
  });
}
