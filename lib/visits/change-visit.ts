import { getDb, type Tx } from "@/db/client";
import type { Visit } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { inTransaction } from "@/lib/query/after-commit";
import { assertVersionMatches } from "@/lib/errors/assert-version-matches";
import { lockVisitOrThrow } from "./lock-visit-or-throw";
import { toPublicVisit, type PublicVisit } from "./public-visit";

/** One step of a change: writes the row and the lead's activity, and answers the visit after it
 * (the same row when nothing changed). */
export type VisitChange = (tx: Tx, visit: Visit) => Promise<Visit>;

// Every change to a visit, from the web app (reschedule, outcome) or PATCH /visits/{id}, runs
// here: the visit locked (404 for another account's, or a deleted lead's), its steps, and one
// visit.updated event with previousAttributes when anything changed, all in one transaction.
export async function changeVisit(
  accountId: string,
  visitId: string,
  actor: Actor,
  change: VisitChange,
  /** If-Match (lib/api/if-match.ts): the versions the visit may be at; any when undefined. */
  ifMatch?: readonly number[],
): Promise<PublicVisit> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const before = await lockVisitOrThrow(tx, accountId, visitId);
    assertVersionMatches("visit", before.version, ifMatch);
    const object = toPublicVisit(await change(tx, before));
    const previous = previousAttributes(toPublicVisit(before), object);
    if (Object.keys(previous).length > 0) {
      await recordEvent(tx, accountId, actor, { type: "visit.updated", object, previousAttributes: previous });
    }
    return object;
  });
}
