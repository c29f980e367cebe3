import { type VISIT_STATUSES } from "@/lib/domain/enums";
import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, properties, users, visits } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import { toPublicVisit, type PublicVisit } from "./public-visit";

type VisitStatus = (typeof VISIT_STATUSES)[number];

export type ScheduledVisit = PublicVisit & {
  leadName: string;
  leadDeleted: boolean;
  propertyTitle: string | null;
  agentName: string | null;
  needsOutcome: boolean;
  /** Not started yet: it cannot be marked no-show (setVisitStatus refuses). */
  upcoming: boolean;
};

export interface VisitScheduleQuery {
  limit: number;
  cursor?: string;
  /** asc: soonest first (the visits page); desc: latest first (a lead's or property's page). */
  order: "asc" | "desc";
  status?: VisitStatus;
  from?: Date;
  to?: Date;
  leadId?: string;
  propertyId?: string;
  /** "My visits" of the day and week views. */
  agentId?: string;
  /** One visit with its names (the visit page). */
  visitId?: string;
}

// The web UI's visit lists, in the order people plan by: scheduledAt, not createdAt (the API's
// list sorts by createdAt). Keyset on (scheduledAt, id): the keyset helper pages by whatever
// column it is given as `createdAt`. Names come in the same query for the table.
export async function listVisitsBySchedule(
  accountId: string,
  query: VisitScheduleQuery,
): Promise<Page<ScheduledVisit>> {
  const { limit, cursor, order, ...filters } = query;
  const page = keyset(
    { limit, cursor, sort: order === "asc" ? "createdAt" : "-createdAt" },
    { createdAt: visits.scheduledAt, id: visits.id },
    cursorScope("visits-by-schedule", accountId, filters),
  );
  const conditions: (SQL | undefined)[] = [
    eq(visits.accountId, accountId),
    ifSet(filters.status, (v) => eq(visits.status, v)),
    ifSet(filters.from, (v) => gte(visits.scheduledAt, v)),
    ifSet(filters.to, (v) => lt(visits.scheduledAt, v)),
    ifSet(filters.leadId, (v) => eq(visits.leadId, v)),
    ifSet(filters.propertyId, (v) => eq(visits.propertyId, v)),
    ifSet(filters.agentId, (v) => eq(visits.agentId, v)),
    ifSet(filters.visitId, (v) => eq(visits.id, v)),
    page.where,
  ];
  const db = await getDb();
  const rows = await db
    .select({
      visit: visits,
      leadName: leads.name,
      leadDeletedAt: leads.deletedAt,
      propertyTitle: properties.title,
      agentName: users.name,
    })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .leftJoin(properties, eq(properties.id, visits.propertyId))
    .leftJoin(users, eq(users.id, visits.agentId))
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  type Row = (typeof rows)[number];
  const now = Date.now();
  const keyed = rows.map((row) => ({ id: row.visit.id, createdAt: row.visit.scheduledAt, row }));
  return page.toPage(keyed, ({ row }: { row: Row }) => ({
    ...toPublicVisit(row.visit),
    leadName: row.leadName,
    leadDeleted: row.leadDeletedAt !== null,
    propertyTitle: row.propertyTitle,
    agentName: row.agentName,
    // Still "scheduled" after its time: someone should record how it went.
    needsOutcome: row.visit.status === "scheduled" && row.visit.scheduledAt.getTime() < now,
    upcoming: row.visit.scheduledAt.getTime() > now,
  }));
}
