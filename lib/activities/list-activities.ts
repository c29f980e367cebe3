import { and, eq, gt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities } from "@/db/schema";
import { ifSet } from "@/lib/query/if-set";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { ActivityListQuery } from "@/lib/schemas/activities";
import { toPublicActivity, type PublicActivity } from "./public-activity";

// Every activity of the account, a soft-deleted lead's included: its `lead_deleted` and its history
// stay readable here (the lead itself answers 404), so a sync learns of the deletion.
export async function listActivities(accountId: string, query: ActivityListQuery): Promise<Page<PublicActivity>> {
  const { limit, cursor, sort, ...filters } = query;
  const page = keyset({ limit, cursor, sort }, activities, cursorScope("activities", accountId, filters));
  const conditions: (SQL | undefined)[] = [
    eq(activities.accountId, accountId),
    ifSet(filters.leadId, (v) => eq(activities.leadId, v)),
    ifSet(filters.type, (v) => eq(activities.type, v)),
    ifSet(filters.createdAfter, (v) => gt(activities.createdAt, v)),
    page.where,
  ];
  const db = await getDb();
  const rows = await db
    .select()
    .from(activities)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, toPublicActivity);
}
