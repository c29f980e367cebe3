import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { visits } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { VisitListQuery } from "@/lib/schemas/visits";
import { toPublicVisit, type PublicVisit } from "./public-visit";

export async function listVisits(accountId: string, query: VisitListQuery): Promise<Page<PublicVisit>> {
  const { limit, cursor, sort, ...filters } = query;
  const page = keyset({ limit, cursor, sort }, visits, cursorScope("visits", accountId, filters));
  const conditions: (SQL | undefined)[] = [
    eq(visits.accountId, accountId),
    ifSet(filters.leadId, (v) => eq(visits.leadId, v)),
    ifSet(filters.propertyId, (v) => eq(visits.propertyId, v)),
    ifSet(filters.status, (v) => eq(visits.status, v)),
    ifSet(filters.from, (v) => gte(visits.scheduledAt, v)),
    ifSet(filters.to, (v) => lt(visits.scheduledAt, v)),
    page.where,
  ];
  const db = await getDb();
  const rows = await db
    .select()
    .from(visits)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, toPublicVisit);
}
