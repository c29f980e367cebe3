import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads } from "@/db/schema";
import { toPublicActivity } from "@/lib/activities/to-public-activity";
import { notFound } from "@/lib/errors/api-error";
import { prepareOnce } from "@/lib/query/prepare-once";
import { toPublicLead } from "./to-public-lead";

const RECENT_ACTIVITIES = 50;

// GET /leads/:id runs this on every call: one statement (one round trip, one parse of the
// reply), prepared once (lib/query/prepare-once.ts). The lead, joined laterally to its most
// recent activities (one more than shown, to tell whether there are older ones): a row per
// activity, or one row with no activity, or none when the lead is not live in this account.
const leadWithRecentActivities = prepareOnce((db) => {
  // Scoped by the lead's account as well, so nothing of another account's is ever read.
  const recent = db
    .select()
    .from(activities)
    .where(and(eq(activities.leadId, leads.id), eq(activities.accountId, leads.accountId)))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(RECENT_ACTIVITIES + 1)
    .as("recent");
  return (
    db
      .select()
      .from(leads)
      .leftJoinLateral(recent, sql`true`)
      .where(and(eq(leads.id, sql.placeholder("leadId")), eq(leads.accountId, sql.placeholder("accountId")), isNull(leads.deletedAt)))
      // A join keeps no order of its own: newest first again, on at most 51 rows.
      .orderBy(desc(recent.createdAt), desc(recent.id))
      .prepare("lead_with_recent_activities")
  );
});

export async function getLeadWithActivities(accountId: string, leadId: string) {
  const rows = await leadWithRecentActivities(await getDb()).execute({ leadId, accountId });
  if (rows.length === 0) throw notFound("Lead");
  const recent = rows.flatMap((row) => (row.recent ? [row.recent] : []));
  return {
    ...toPublicLead(rows[0].leads),
    activities: recent.slice(0, RECENT_ACTIVITIES).map(toPublicActivity),
    activitiesHasMore: recent.length > RECENT_ACTIVITIES,
  };
}
