import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads } from "@/db/schema";
import { toPublicActivity } from "@/lib/activities/to-public-activity";
import { notFound } from "@/lib/errors/api-error";
import { prepareOnce } from "@/lib/query/prepare-once";
import { toPublicLead } from "./to-public-lead";

const RECENT_ACTIVITIES = 50;

// GET /leads/:id runs these two on every call: prepared once (lib/query/prepare-once.ts).
const liveLead = prepareOnce((db) =>
  db
    .select()
    .from(leads)
    .where(and(eq(leads.id, sql.placeholder("leadId")), eq(leads.accountId, sql.placeholder("accountId")), isNull(leads.deletedAt)))
    .limit(1)
    .prepare("lead_live_by_id"),
);

const recentActivities = prepareOnce((db) =>
  db
    .select()
    .from(activities)
    .where(and(eq(activities.leadId, sql.placeholder("leadId")), eq(activities.accountId, sql.placeholder("accountId"))))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(RECENT_ACTIVITIES + 1)
    .prepare("lead_recent_activities"),
);

export async function getLeadWithActivities(accountId: string, leadId: string) {
  const db = await getDb();
  // Both at once: the activities are scoped to the account too, so nothing of another
  // account's is ever read, and they are dropped unless the lead is live (404 otherwise).
  const [[lead], recent] = await Promise.all([liveLead(db).execute({ leadId, accountId }), recentActivities(db).execute({ leadId, accountId })]);
  if (!lead) throw notFound("Lead");
  return {
    ...toPublicLead(lead),
    activities: recent.slice(0, RECENT_ACTIVITIES).map(toPublicActivity),
    activitiesHasMore: recent.length > RECENT_ACTIVITIES,
  };
}
