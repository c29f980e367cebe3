import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, type Lead } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import { assertOwner } from "@/lib/users/assert-owner";
import { leadSearchCondition } from "./lead-search";
import { toPublicLead, type PublicLead } from "./public-lead";

export type DeletedLead = PublicLead & { deletedAt: string };

const toDeletedLead = (lead: Lead): DeletedLead => ({
  ...toPublicLead(lead),
  deletedAt: (lead.deletedAt ?? lead.updatedAt).toISOString(),
});

// The owners' "deleted leads" view: the only list that shows soft-deleted rows, so it checks
// the role itself (a page hiding the toggle from staff is not the guard).
export async function listDeletedLeads(
  member: { accountId: string; actorUserId: string },
  query: { limit: number; cursor?: string; q?: string },
): Promise<Page<DeletedLead>> {
  const db = await getDb();
  await assertOwner(member.accountId, member.actorUserId, db);
  const { limit, cursor, q } = query;
  // A list of its own: a cursor of the live list is refused here.
  const page = keyset(
    { limit, cursor, sort: "-createdAt" },
    leads,
    cursorScope("deleted-leads", member.accountId, { q }),
  );
  const conditions: (SQL | undefined)[] = [
    eq(leads.accountId, member.accountId),
    isNotNull(leads.deletedAt),
    ifSet(q, leadSearchCondition),
    page.where,
  ];
  const rows = await db
    .select()
    .from(leads)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, toDeletedLead);
}
