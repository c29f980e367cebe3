import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { visits } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { lockVisitOrThrow } from "./lock-visit-or-throw";
import { toPublicVisit, type PublicVisit } from "./public-visit";
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
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const visit = await lockVisitOrThrow(tx, accountId, visitId);
    if (visit.status === next) return toPublicVisit(visit);
    // No one can have missed a visit that has not started yet. The API only creates visits
    // (status `scheduled`), so this is the one place the rule lives for every door.
    if (next === "no_show" && visit.scheduledAt.getTime() > Date.now()) {
      throw new ApiError("validation_error", "A visit in the future cannot be marked no-show.", [
        { path: "status", message: "This visit has not started yet" },
      ]);
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
    const object = toPublicVisit(updated);
    await recordEvent(tx, accountId, actor, {
      type: "visit.updated",
      object,
      previousAttributes: previousAttributes(toPublicVisit(visit), object),
    });
    return object;
  });
}
