import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { visits, type Visit } from "@/db/schema";
import { assertAssignableUser } from "@/lib/accounts/assert-account-references";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { ApiError } from "@/lib/errors/api-error";
import { visitRescheduleSchema, type VisitRescheduleInput } from "@/lib/schemas/visits";
import { changeVisit } from "./change-visit";
import type { PublicVisit } from "./public-visit";
import { VISIT_STATUS_LABELS } from "./visit-outcome";
import { auditConflictOverride, checkVisitConflict, type OverrideCaller } from "./visit-conflicts";

// Moves a scheduled visit (time, length, agent, notes): the web app's reschedule form. The
// visit, the lead's activity (lead_updated with {visitId, changes: {visitScheduledAt: [old, new],
// …}}, as an outcome is recorded) and the visit.updated event commit together.
export async function rescheduleVisit(
  accountId: string,
  visitId: string,
  input: VisitRescheduleInput,
  actor: Actor,
  caller?: OverrideCaller,
): Promise<PublicVisit> {
  const patch = visitRescheduleSchema.parse(input);
  return changeVisit(accountId, visitId, actor, (tx, visit) =>
    applyReschedule(tx, accountId, visit, patch, actor, caller),
  );
}

/** The reschedule step of a change (changeVisit): also PATCH /visits/{id}'s. A visit already
 * completed, cancelled or missed is history: it is not moved (409 visit_not_scheduled), a new
 * one is booked instead. A new time, length or agent must not overlap another visit of the
 * agent (409 visit_conflict), unless an owner overrides it (visit-conflicts.ts). */
export async function applyReschedule(
  tx: Tx,
  accountId: string,
  visit: Visit,
  patch: VisitRescheduleInput,
  actor: Actor,
  /** Who may move it over a conflict (patch.allowConflict asks to); by default no one. */
  caller: OverrideCaller = { mayOverride: false },
): Promise<Visit> {
  if (visit.status !== "scheduled") {
    throw new ApiError(
      "visit_not_scheduled",
      `Only a scheduled visit can be rescheduled; this one is ${VISIT_STATUS_LABELS[visit.status].toLowerCase()}.`,
    );
  }
  await assertAssignableUser(tx, accountId, patch.agentId, "agentId", visit.agentId);
  const next = nextValues(visit, patch);
  const changes = changedFields(visit, next);
  if (Object.keys(changes).length === 0) return visit;
  const slotChanged = "visitScheduledAt" in changes || "visitDurationMinutes" in changes || "visitAgentId" in changes;
  const rules = { ...caller, allowConflict: patch.allowConflict };
  const overlapped = slotChanged ? await checkVisitConflict(tx, accountId, next, rules, visit.id) : null;
  const [updated] = await tx.update(visits).set(next).where(eq(visits.id, visit.id)).returning();
  if (overlapped) await auditConflictOverride(tx, accountId, rules, visit.id, overlapped);
  const moved = updated.scheduledAt.getTime() !== visit.scheduledAt.getTime();
  await recordActivity(
    tx,
    { accountId, leadId: visit.leadId, actor },
    {
      kind: "visit_rescheduled",
      visitId: visit.id,
      scheduledAt: visit.scheduledAt,
      movedTo: moved ? updated.scheduledAt : null,
      changes,
    },
  );
  return updated;
}

type Editable = Pick<Visit, "scheduledAt" | "durationMinutes" | "agentId" | "notes">;

/** The visit's values after the patch: an absent field keeps its value, null clears it. */
function nextValues(visit: Visit, patch: VisitRescheduleInput): Editable {
  return {
    scheduledAt: patch.scheduledAt === undefined ? visit.scheduledAt : new Date(patch.scheduledAt),
    durationMinutes: patch.durationMinutes ?? visit.durationMinutes,
    agentId: patch.agentId === undefined ? visit.agentId : patch.agentId,
    notes: patch.notes === undefined ? visit.notes : patch.notes,
  };
}

/** `{visitScheduledAt: [old, new], …}` in the API's formats (ISO 8601 UTC), changed fields only. */
function changedFields(before: Editable, after: Editable): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  if (before.scheduledAt.getTime() !== after.scheduledAt.getTime())
    changes.visitScheduledAt = [before.scheduledAt.toISOString(), after.scheduledAt.toISOString()];
  if (before.durationMinutes !== after.durationMinutes)
    changes.visitDurationMinutes = [before.durationMinutes, after.durationMinutes];
  if (before.agentId !== after.agentId) changes.visitAgentId = [before.agentId, after.agentId];
  if (before.notes !== after.notes) changes.visitNotes = [before.notes, after.notes];
  return changes;
}
