import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { visits, type Visit } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";

/** The account's visit, locked for the change the caller makes to it. A visit of a deleted lead
 * is not found, as the API treats a deleted lead's visits. */
export async function lockVisitOrThrow(tx: Tx, accountId: string, visitId: string): Promise<Visit> {
  const [visit] = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.id, visitId), eq(visits.accountId, accountId)))
    .limit(1)
    .for("update");
  if (!visit) throw notFound("Visit");
  await getLeadOrThrow(tx, accountId, visit.leadId).catch(() => {
    throw notFound("Visit");
  });
  return visit;
}
