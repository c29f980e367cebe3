import { and, count, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/domain/enums";
import { ifSet } from "@/lib/query/if-set";

export type LeadStatusCounts = Record<LeadStatus, number>;

/**
 * How many live leads the account has in each status, or one person's (`assignedTo`): the board's
 * column totals and the dashboard's "my leads by status". One GROUP BY answered from an index
 * (leads_account_status_created_idx, or leads_account_assignee_status_created_idx for one
 * person), never rows read into the app. Every status is present, 0 when it has no lead.
 */
export async function countLeadsByStatus(
  accountId: string,
  filter: { assignedTo?: string } = {},
): Promise<LeadStatusCounts> {
  const db = await getDb();
  const rows = await db
    .select({ status: leads.status, total: count() })
    .from(leads)
    .where(
      and(
        eq(leads.accountId, accountId),
        isNull(leads.deletedAt),
        ifSet(filter.assignedTo, (v) => eq(leads.assignedTo, v)),
      ),
    )
    .groupBy(leads.status);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as LeadStatusCounts;
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}
