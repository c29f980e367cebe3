import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { leads } from "@/db/schema";

// A lead in its public shape, serialized by PostgreSQL: exactly the text JSON.stringify makes
// of toPublicLead(row) (same keys, same order, no whitespace, times as toISOString writes them;
// tests/integration/api/public-lead-json.db.test.ts holds the two to the byte). For the API's
// list: mapping 100 rows through Drizzle, Date and toPublicLead and stringifying them again
// was most of a page's 5.3 ms of CPU (`npm run bench:profile -- --target list-leads`).
// to-public-lead.ts is the definition; change both together.

/** `timestamptz` → `2026-11-22T09:30:00.000Z` (the columns keep milliseconds: db/schema/columns.ts). */
const isoTime = (column: PgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// row_to_json of a one-row subselect: compact output, keys named and ordered by the aliases.
export const publicLeadJson: SQL<string> = sql<string>`(select row_to_json(p)::text from (select
  ${leads.id} as "id", ${leads.name} as "name", ${leads.email} as "email", ${leads.phone} as "phone",
  ${leads.status} as "status", ${leads.source} as "source", ${leads.interest} as "interest",
  ${leads.budget} as "budget", ${leads.propertyId} as "propertyId", ${leads.assignedTo} as "assignedTo",
  ${leads.tags} as "tags", ${leads.notes} as "notes", ${leads.smsOptOut} as "smsOptOut",
  ${isoTime(leads.createdAt)} as "createdAt", ${isoTime(leads.updatedAt)} as "updatedAt") p)`;
