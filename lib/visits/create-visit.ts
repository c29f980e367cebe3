import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { visits } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { ApiError } from "@/lib/errors/api-error";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { assertPropertyInAccount, assertAssignableUser } from "@/lib/accounts/assert-account-references";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { followTheWork } from "@/lib/leads/pipeline-moves";
import type { VisitCreateInput } from "@/lib/schemas/visits";
import { toPublicVisit, type PublicVisit } from "./public-visit";
import { auditConflictOverride, checkVisitConflict, type OverrideCaller } from "./visit-conflicts";

/** How far in the past a new visit may start: a booking typed "now" that took a moment to send,
 * or a client's clock a little ahead. Anything earlier is a mistake (a visit in 2020). */
const BOOKING_CLOCK_SKEW_MINUTES = 5;

// The visit, the lead's visit_scheduled activity and the visit.created event commit together,
// after the agent's schedule is locked and checked for an overlapping visit (visit-conflicts.ts),
// with the lead's move to Visit scheduled when the account has it on (pipeline-moves.ts). The
// lead's row is locked first, as every change of a lead takes it, so that move happens once.
export async function createVisit(
  accountId: string,
  input: VisitCreateInput,
  actor: Actor,
  /** Who may book over a conflict (input.allowConflict asks to); by default no one. */
  caller: OverrideCaller = { mayOverride: false },
): Promise<PublicVisit> {
  const scheduledAt = new Date(input.scheduledAt);
  if (scheduledAt.getTime() < Date.now() - BOOKING_CLOCK_SKEW_MINUTES * 60_000)
    throw new ApiError("validation_error", "A new visit cannot start in the past.", [
      { path: "scheduledAt", message: `Must not be more than ${BOOKING_CLOCK_SKEW_MINUTES} minutes in the past` },
    ]);
  const durationMinutes = input.durationMinutes ?? 30;
  const agentId = input.agentId ?? null;
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const lead = await getLeadOrThrow(tx, accountId, input.leadId, { forUpdate: true }).catch((error: unknown) => {
      // Name the field, as for propertyId and agentId.
      if (error instanceof ApiError && error.code === "not_found")
        throw new ApiError("not_found", "Lead not found.", [
          { path: "leadId", message: "No such live lead in this account" },
        ]);
      throw error;
    });
    await assertPropertyInAccount(tx, accountId, input.propertyId);
    await assertAssignableUser(tx, accountId, input.agentId, "agentId");
    const rules = { ...caller, allowConflict: input.allowConflict };
    const overlapped = await checkVisitConflict(tx, accountId, { agentId, scheduledAt, durationMinutes }, rules);
    const [visit] = await tx
      .insert(visits)
      .values({
        id: newId("visit"),
        accountId,
        leadId: lead.id,
        propertyId: input.propertyId,
        scheduledAt,
        durationMinutes,
        agentId,
        notes: input.notes ?? null,
      })
      .returning();
    if (overlapped) await auditConflictOverride(tx, accountId, rules, visit.id, overlapped);
    await recordActivity(
      tx,
      { accountId, leadId: lead.id, actor },
      { kind: "visit_scheduled", visitId: visit.id, propertyId: visit.propertyId, scheduledAt: visit.scheduledAt },
    );
    const object = toPublicVisit(visit);
    await recordEvent(tx, accountId, actor, { type: "visit.created", object });
    await followTheWork(tx, lead, { trigger: "visit", propertyId: visit.propertyId }, actor);
    return object;
  });
}
