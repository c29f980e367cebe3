import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { leads } from "@/db/schema";
import { isoTimeSql } from "@/lib/query/iso-time-sql";

// A lead in its public shape, serialized by PostgreSQL: exactly the text JSON.stringify makes
// of toPublicLead(row) (same keys, same order, no whitespace, times as toISOString writes them;
// tests/integration/api/public-lead-json.db.test.ts holds the two to the byte). For the API's
// list and POST /leads: mapping 100 rows through Drizzle, Date and toPublicLead and stringifying
// them again was most of a page's 5.3 ms of CPU (`npm run bench:profile -- --target list-leads`).
// to-public-lead.ts is the definition; change both together.

type LeadColumns = { [K in keyof typeof leads.$inferSelect]: SQLWrapper };

/** The public JSON of the lead whose columns are `t`: the leads table, or a CTE of its rows
 * (POST /leads serializes the row its INSERT returns). */
export function publicLeadJsonOf(t: LeadColumns): SQL<string> {
  // row_to_json of a one-row subselect: compact output, keys named and ordered by the aliases.
  return sql<string>`(select row_to_json(p)::text from (select
  ${t.id} as "id", ${t.name} as "name", ${t.email} as "email", ${t.phone} as "phone",
  ${t.status} as "status", ${t.source} as "source", ${t.interest} as "interest",
  ${t.budget} as "budget", ${t.propertyId} as "propertyId", ${t.assignedTo} as "assignedTo",
  ${t.tags} as "tags", ${t.notes} as "notes", ${t.smsOptOut} as "smsOptOut",
  ${isoTimeSql(t.createdAt)} as "createdAt", ${isoTimeSql(t.updatedAt)} as "updatedAt") p)`;
}

export const publicLeadJson: SQL<string> = publicLeadJsonOf(leads);
