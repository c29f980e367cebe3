import { and, asc, eq, gte, isNull, lt, ne } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb } from "@/db/client";
import { leads, properties, visits } from "@/db/schema";
import type { VISIT_STATUSES } from "@/lib/domain/enums";

export interface DashboardVisit {
  id: string;
  scheduledAt: Date;
  durationMinutes: number;
  status: (typeof VISIT_STATUSES)[number];
  leadId: string;
  leadName: string;
  propertyId: string | null;
  propertyTitle: string | null;
}

export interface MyUpcomingVisits {
  today: DashboardVisit[];
  tomorrow: DashboardVisit[];
}

/** More than a day's viewings any one agent could do: the rest are on the Visits page. */
const MAX_VISITS = 60;

/**
 * The dashboard's "today and tomorrow": the signed-in agent's visits (agentId) from the start of
 * today to the end of tomorrow in their own time zone, cancelled ones left out, soonest first.
 * "Today" is the viewer's day, not the server's or UTC's: at 23:00 in New York it is still today
 * there. A range on visits_account_scheduled_idx, so the cost is two days of the account's
 * visits, whatever its history.
 */
export async function listMyUpcomingVisits(
  accountId: string,
  userId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<MyUpcomingVisits> {
  const startOfToday = DateTime.fromJSDate(now).setZone(timeZone).startOf("day");
  const startOfTomorrow = startOfToday.plus({ days: 1 });
  const end = startOfToday.plus({ days: 2 });
  const db = await getDb();
  const rows = await db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      durationMinutes: visits.durationMinutes,
      status: visits.status,
      leadId: visits.leadId,
      leadName: leads.name,
      propertyId: visits.propertyId,
      propertyTitle: properties.title,
    })
    .from(visits)
    .innerJoin(leads, and(eq(leads.id, visits.leadId), isNull(leads.deletedAt)))
    .leftJoin(properties, eq(properties.id, visits.propertyId))
    .where(
      and(
        eq(visits.accountId, accountId),
        eq(visits.agentId, userId),
        gte(visits.scheduledAt, startOfToday.toJSDate()),
        lt(visits.scheduledAt, end.toJSDate()),
        ne(visits.status, "cancelled"),
      ),
    )
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(MAX_VISITS);
  const split = startOfTomorrow.toMillis();
  return {
    today: rows.filter((v) => v.scheduledAt.getTime() < split),
    tomorrow: rows.filter((v) => v.scheduledAt.getTime() >= split),
  };
}
