import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { visits } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { toPublicVisit, type PublicVisit } from "./public-visit";

/** One visit of the account (GET /visits/:id, where POST /visits's Location points), else 404,
 * also for another account's id. Like the list, it keeps visits of a since-deleted lead. */
export async function getVisitOrThrow(accountId: string, visitId: string): Promise<PublicVisit> {
  const db = await getDb();
  const [visit] = await db
    .select()
    .from(visits)
    .where(and(eq(visits.id, visitId), eq(visits.accountId, accountId)))
    .limit(1);
  if (!visit) throw notFound("Visit");
  return toPublicVisit(visit);
}
