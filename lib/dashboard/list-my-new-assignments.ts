import { and, count, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";

export interface NewAssignment {
  id: string;
  name: string;
  source: string | null;
  createdAt: Date;
}

/**
 * The agent's new assignments: leads given to them (by lead routing or by hand) that are still
 * `new`, newest first, so a lead routed a minute ago is on top. The first `limit` and how many in
 * all, both from leads_account_assignee_status_created_idx (account, assignee, status, createdAt).
 */
export async function listMyNewAssignments(
  accountId: string,
  userId: string,
  limit = 8,
): Promise<{ leads: NewAssignment[]; total: number }> {
  const db = await getDb();
  const where = and(
    eq(leads.accountId, accountId),
    eq(leads.assignedTo, userId),
    eq(leads.status, "new"),
    isNull(leads.deletedAt),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: leads.id, name: leads.name, source: leads.source, createdAt: leads.createdAt })
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(limit),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { leads: rows, total };
}
