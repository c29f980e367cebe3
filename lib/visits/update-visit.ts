import { eq } from "drizzle-orm";
import { visits } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { visitUpdateSchema, type VisitUpdateInput } from "@/lib/schemas/visits";
import { changeVisit } from "./change-visit";
import type { PublicVisit } from "./public-visit";
import { applyReschedule } from "./reschedule-visit";
import { applyVisitStatus } from "./set-visit-status";
import type { OverrideCaller } from "./visit-conflicts";

// PATCH /api/v1/visits/:id: the web app's two changes, reschedule and outcome, through the same
// steps, so the same rules, the same activities and the same visit.updated event. Both in one
// request run in one transaction, the move first (only a scheduled visit moves; then a no-show
// is judged at the new time), and write one event.
export async function updateVisit(
  accountId: string,
  visitId: string,
  input: VisitUpdateInput,
  actor: Actor,
  /** If-Match (lib/api/if-match.ts): the versions the visit may be at; any when undefined. */
  ifMatch?: readonly number[],
  /** Who may move it over another visit of the agent (input.allowConflict asks to). */
  caller?: OverrideCaller,
): Promise<PublicVisit> {
  // allowConflict is not a change of its own: it only lets a move through.
  const { status, allowConflict, ...schedule } = visitUpdateSchema.parse(input);
  return changeVisit(
    accountId,
    visitId,
    actor,
    async (tx, visit) => {
      let current = visit;
      if (Object.keys(schedule).length > 0)
        current = await applyReschedule(tx, accountId, current, { ...schedule, allowConflict }, actor, caller);
      if (status !== undefined) current = await applyVisitStatus(tx, accountId, current, status, actor);
      // One request is one change: when both steps wrote, the second UPDATE raised the version
      // again; it is set back to one more than the visit had (an explicit value, not + 1).
      if (current.version > visit.version + 1) {
        [current] = await tx
          .update(visits)
          .set({ version: visit.version + 1 })
          .where(eq(visits.id, visit.id))
          .returning();
      }
      return current;
    },
    ifMatch,
  );
}
