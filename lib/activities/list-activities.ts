import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { ActivityListQuery } from "@/lib/schemas/activities";
import { toPublicActivity, type PublicActivity } from "./public-activity";

// Activities of live leads only: a deleted lead's timeline is kept, but hidden until restored.
export async function listActivities(accountId: string, query: ActivityListQuery): Promise<Page<PublicActivity>> {
  const { limit, cursor, sort, ...filters } = query;
  const page = keyset({ limit, cursor, sort }, activities, filters);
  const conditions: (SQL | undefined)[] = [
    eq(activities.accountId, accountId),
    isNull(leads.deletedAt),
    ifSet(filters.leadId, (v) => eq(activities.leadId, v)),
    ifSet(filters.type, (v) => eq(activities.type, v)),
    ifSet(filters.createdAfter, (v) => gt(activities.createdAt, v)),
    page.where,
  ];
  const db = await getDb();
  const rows = await db
    .select({ activity: activities })
    .from(activities)
    .innerJoin(leads, eq(leads.id, activities.leadId))
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(
    rows.map((r) => r.activity),
    toPublicActivity,
  );
}
