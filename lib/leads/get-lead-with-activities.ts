import { and, desc, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { activities, leads } from "@/db/schema";
import { publicActivityJsonOf } from "@/lib/activities/public-activity";
import { notFound } from "@/lib/errors/api-error";
import { JsonText } from "@/lib/query/json-text";
import { prepareOnce } from "@/lib/query/prepare-once";
import type { leadWithActivitiesSchema } from "@/lib/schemas/leads";
import { publicLeadJson } from "./public-lead";

const RECENT_ACTIVITIES = 50;

export type LeadWithActivities = z.output<typeof leadWithActivitiesSchema>;

/**
 * The lead with its most recent activities as the text of one row: the lead, joined laterally to
 * its most recent activities (one more than shown, to tell whether there are older ones), all
 * serialized by PostgreSQL from the public shapes (public-lead.ts, public-activity.ts): one value
 * to decode instead of up to 51 rows of 26 columns and their Dates, mapped, copied and
 * stringified again (`npm run bench:profile -- --target get-lead`). No row when the lead is not
 * live in the account. Exported for the bench's bare server, which runs the same statement.
 */
export function leadWithRecentActivitiesJson(db: Db, accountId: SQLWrapper, leadId: SQLWrapper) {
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
  const n = sql.raw(String(RECENT_ACTIVITIES));
  return (
    db
      .select({
        // `{…lead}` → `{…lead,"activities":[…],"activitiesHasMore":…}`, newest first; the 51st
        // activity only tells that there are more.
        json: sql<string>`left(${publicLeadJson}, -1)
          || ',"activities":[' || coalesce(string_agg(${recent.json}, ',' order by ${recent.rank}) filter (where ${recent.rank} <= ${n}), '')
          || '],"activitiesHasMore":' || (count(${recent.rank}) > ${n})::text || '}'`,
        // Its ETag (lib/api/etag.ts), beside the text so no one parses it back.
        version: leads.version,
      })
      .from(leads)
      .leftJoinLateral(recent, sql`true`)
      .where(and(eq(leads.id, leadId), eq(leads.accountId, accountId), isNull(leads.deletedAt)))
      // The primary key: the lead's other columns are functionally dependent on it.
      .groupBy(leads.id)
  );
}

const leadWithActivitiesById = prepareOnce((db) =>
  leadWithRecentActivitiesJson(db, sql.placeholder("accountId"), sql.placeholder("leadId")).prepare(
    "lead_with_recent_activities_json",
  ),
);

/** The lead with its 50 most recent activities, as JSON text (GET /leads/:id's `data`), and its
 * version; or 404. */
export async function getLeadWithActivitiesJson(
  accountId: string,
  leadId: string,
): Promise<{ json: JsonText<LeadWithActivities>; version: number }> {
  const [row] = await leadWithActivitiesById(await getDb()).execute({ leadId, accountId });
  if (!row) throw notFound("Lead");
  return { json: new JsonText(row.json), version: row.version };
}
