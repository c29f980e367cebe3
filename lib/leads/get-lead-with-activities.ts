import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities } from "@/db/schema";
import { toPublicActivity } from "@/lib/activities/to-public-activity";
import { getLeadOrThrow } from "./get-lead-or-throw";
import { toPublicLead } from "./to-public-lead";

const RECENT_ACTIVITIES = 50;

export async function getLeadWithActivities(accountId: string, leadId: string) {
  const db = await getDb();
  const lead = await getLeadOrThrow(db, accountId, leadId);
  const recent = await db
    .select()
    .from(activities)
    .where(eq(activities.leadId, lead.id))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(RECENT_ACTIVITIES + 1);
  return {
    ...toPublicLead(lead),
    activities: recent.slice(0, RECENT_ACTIVITIES).map(toPublicActivity),
    activitiesHasMore: recent.length > RECENT_ACTIVITIES,
  };
}
