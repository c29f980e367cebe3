import { and, count, desc, eq, isNotNull, isNull, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, users, visits } from "@/db/schema";
import type { LeadStatus } from "@/lib/domain/enums";

export interface InterestedLead {
  id: string;
  name: string;
  status: LeadStatus;
  assigneeName: string | null;
  /** The property is the one the lead is interested in (else the lead only has visits of it). */
  interested: boolean;
  /** The lead's visits of this property, whatever their status. */
  visits: number;
  updatedAt: string;
}

// The property page's "Interested leads": the account's live leads whose property of interest
// this is, or who have a visit of it (a buyer often sees several), most recently worked first.
// Scoped by account in every part, so another account's lead never shows, even with a visit.
export async function listInterestedLeads(
  accountId: string,
  propertyId: string,
  limit: number,
): Promise<{ data: InterestedLead[]; hasMore: boolean }> {
  const db = await getDb();
  const visitsOfIt = db
    .select({ leadId: visits.leadId, visits: count().as("visits") })
    .from(visits)
    .where(and(eq(visits.accountId, accountId), eq(visits.propertyId, propertyId)))
    .groupBy(visits.leadId)
    .as("visits_of_it");
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      status: leads.status,
      assigneeName: users.name,
      propertyId: leads.propertyId,
      visits: visitsOfIt.visits,
      updatedAt: leads.updatedAt,
    })
    .from(leads)
    .leftJoin(visitsOfIt, eq(visitsOfIt.leadId, leads.id))
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(
      and(
        eq(leads.accountId, accountId),
        isNull(leads.deletedAt),
        or(eq(leads.propertyId, propertyId), isNotNull(visitsOfIt.leadId)),
      ),
    )
    .orderBy(desc(leads.updatedAt), desc(leads.id))
    .limit(limit + 1);
  return {
    data: rows.slice(0, limit).map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      assigneeName: row.assigneeName,
      interested: row.propertyId === propertyId,
      visits: Number(row.visits ?? 0),
      updatedAt: row.updatedAt.toISOString(),
    })),
    hasMore: rows.length > limit,
  };
}
