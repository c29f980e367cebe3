import { notFound } from "@/lib/errors/api-error";
import { listVisitsBySchedule, type ScheduledVisit } from "./list-visits-by-schedule";

/** One visit with its lead's, property's and agent's names (the visit page), else 404, also
 * for another account's id: the same query as the lists, so the page and a row never differ. */
export async function getScheduledVisit(accountId: string, visitId: string): Promise<ScheduledVisit> {
  const page = await listVisitsBySchedule(accountId, { visitId, limit: 1, order: "asc" });
  const visit = page.data[0];
  if (!visit) throw notFound("Visit");
  return visit;
}
