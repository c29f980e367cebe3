import { and, asc, count, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";

export interface UncontactedLead {
  id: string;
  name: string;
  source: string | null;
  assignedTo: string | null;
  createdAt: Date;
}

/**
 * New leads no one has contacted yet (status `new`), oldest first: the one waiting longest is
 * the one to call now. The status says it: a first call, text, email or note moves a lead to
 * Contacted (lib/leads/pipeline-moves.ts), and so off this list, unless the account turned that off. The first `limit` and how many there are in all, both from
 * leads_account_status_created_idx (the list reads `limit` rows of it, the count its `new` range).
 */
export async function listUncontactedLeads(
  accountId: string,
  limit = 8,
): Promise<{ leads: UncontactedLead[]; total: number }> {
  const db = await getDb();
  const where = and(eq(leads.accountId, accountId), eq(leads.status, "new"), isNull(leads.deletedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: leads.id,
        name: leads.name,
        source: leads.source,
        assignedTo: leads.assignedTo,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(where)
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(limit),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { leads: rows, total };
}
