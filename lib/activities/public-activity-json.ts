import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { activities } from "@/db/schema";
import { isoTimeSql } from "@/lib/query/iso-time-sql";

// An activity in its public shape, serialized by PostgreSQL, for GET /leads/:id: the same keys,
// order and values as JSON.stringify(toPublicActivity(row)) (to-public-activity.ts is the
// definition; change both together). One difference in form, not in value: `data` is a jsonb
// column, and PostgreSQL writes jsonb with a space after ":" and ",". Parsed, the two are equal
// (tests/integration/api/public-activity-json.db.test.ts).

type ActivityColumns = { [K in keyof typeof activities.$inferSelect]: SQLWrapper };

export function publicActivityJsonOf(t: ActivityColumns): SQL<string> {
  // row_to_json of one-row subselects: compact, keys named and ordered by the aliases
  // (json_build_object would write " : " between them).
  return sql<string>`(select row_to_json(p)::text from (select
  ${t.id} as "id", ${t.leadId} as "leadId", ${t.type} as "type", ${t.summary} as "summary", ${t.data} as "data",
  (select row_to_json(a) from (select ${t.actorType} as "type", ${t.actorId} as "id", ${t.actorName} as "name") a) as "actor",
  ${isoTimeSql(t.createdAt)} as "createdAt") p)`;
}
