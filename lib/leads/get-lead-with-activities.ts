import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, leads } from "@/db/schema";
import { publicActivityJsonOf } from "@/lib/activities/public-activity-json";
import type { PublicActivity } from "@/lib/activities/to-public-activity";
import { notFound } from "@/lib/errors/api-error";
import { prepareOnce } from "@/lib/query/prepare-once";
import { publicLeadJson } from "./public-lead-json";
import type { PublicLead } from "./to-public-lead";

const RECENT_ACTIVITIES = 50;

export type LeadWithActivities = PublicLead & { activities: PublicActivity[]; activitiesHasMore: boolean };

// GET /leads/:id runs this on every call: one statement (one round trip), prepared once
// (lib/query/prepare-once.ts), that answers the body's text. The lead, joined laterally to its
// most recent activities (one more than shown, to tell whether there are older ones), all
// serialized by PostgreSQL (public-lead-json.ts, public-activity-json.ts): one row of three
// values to decode instead of up to 51 rows of 26 columns and their Dates, mapped, copied and
// stringified again (`npm run bench:profile -- --target get-lead`). No row when the lead is not
// live in this account.
const leadWithRecentActivitiesJson = prepareOnce((db) => {
  // Scoped by the lead's account as well, so nothing of another account's is ever read.
  const recent = db
    .select({
      json: sql<string>`${publicActivityJsonOf(activities)}`.as("json"),
      rank: sql<number>`row_number() over (order by ${activities.createdAt} desc, ${activities.id} desc)`.as("rank"),
    })
    .from(activities)
    .where(and(eq(activities.leadId, leads.id), eq(activities.accountId, leads.accountId)))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(RECENT_ACTIVITIES + 1)
    .as("recent");
  return (
    db
      .select({
        lead: publicLeadJson,
        // Newest first; the 51st only tells that there are more.
        activities: sql<string | null>`string_agg(${recent.json}, ',' order by ${recent.rank}) filter (where ${recent.rank} <= ${sql.raw(String(RECENT_ACTIVITIES))})`,
        hasMore: sql<boolean>`count(${recent.rank}) > ${sql.raw(String(RECENT_ACTIVITIES))}`,
      })
      .from(leads)
      .leftJoinLateral(recent, sql`true`)
      .where(and(eq(leads.id, sql.placeholder("leadId")), eq(leads.accountId, sql.placeholder("accountId")), isNull(leads.deletedAt)))
      // The primary key: the lead's other columns are functionally dependent on it.
      .groupBy(leads.id)
      .prepare("lead_with_recent_activities_json")
  );
});

/** The lead with its 50 most recent activities, as the JSON text of GET /leads/:id's `data`. */
export async function getLeadWithActivitiesJson(accountId: string, leadId: string): Promise<string> {
  const [row] = await leadWithRecentActivitiesJson(await getDb()).execute({ leadId, accountId });
  if (!row) throw notFound("Lead");
  // `{…lead}` → `{…lead,"activities":[…],"activitiesHasMore":…}`
  return `${row.lead.slice(0, -1)},"activities":[${row.activities ?? ""}],"activitiesHasMore":${row.hasMore}}`;
}

/** The same, parsed (tests and tools that want the object). */
export async function getLeadWithActivities(accountId: string, leadId: string): Promise<LeadWithActivities> {
  return JSON.parse(await getLeadWithActivitiesJson(accountId, leadId)) as LeadWithActivities;
}
