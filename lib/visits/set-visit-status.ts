import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { visits, type Visit } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { changeVisit } from "./change-visit";
import type { PublicVisit } from "./public-visit";
import { VISIT_STATUS_LABELS, visitOutcomeSchema, type VisitOutcome } from "./visit-outcome";

// Staff record how a visit went. The activity goes on the lead's timeline (visits have none of
// their own) as lead_updated with {visitId, changes: {visitStatus: [old, new]}}: the activity
// types are part of the public API, so no new type is invented for the web UI.
// A visit of a deleted lead is not found, as the API treats a deleted lead's visits.
export async function setVisitStatus(
  accountId: string,
  visitId: string,
  status: VisitOutcome,
  actor: Actor,
): Promise<PublicVisit> {
  const next = visitOutcomeSchema.parse(status);
  return changeVisit(accountId, visitId, actor, (tx, visit) => applyVisitStatus(tx, accountId, visit, next, actor));
}

/** The status step of a change (changeVisit): also PATCH /visits/{id}'s, so every door keeps the
 * same rules. An outcome can be corrected (completed → cancelled); nothing goes back to
 * `scheduled` (409 visit_not_scheduled: book a new visit); asking for the status the visit has
 * changes nothing. */
export async function applyVisitStatus(
  tx: Tx,
  accountId: string,
  visit: Visit,
  next: Visit["status"],
  actor: Actor,
): Promise<Visit> {
  if (visit.status === next) return visit;
  if (next === "scheduled") {
    throw new ApiError(
      "visit_not_scheduled",
      `A ${VISIT_STATUS_LABELS[visit.status].toLowerCase()} visit cannot go back to scheduled; book a new visit instead.`,
    );
  }
  // How it went is known only once it has begun: no one can have missed, or completed, a visit
  // that has not started yet. A visit can be cancelled at any time.
  if (next !== "cancelled" && visit.scheduledAt.getTime() > Date.now()) {
    throw new ApiError(
      "visit_not_started",
      `A visit in the future cannot be marked ${VISIT_STATUS_LABELS[next].toLowerCase()}; cancel it, or record how it went once it has started.`,
      [{ path: "status", message: "This visit has not started yet" }],
    );
  }
  const [updated] = await tx.update(visits).set({ status: next }).where(eq(visits.id, visit.id)).returning();
  await recordActivity(
    tx,
    { accountId, leadId: visit.leadId, actor },
    {
      kind: "visit_outcome",
      visitId: visit.id,
      scheduledAt: visit.scheduledAt,
      from: visit.status,
      to: next,
      label: VISIT_STATUS_LABELS[next],
    },
  );
  return updated;
}
