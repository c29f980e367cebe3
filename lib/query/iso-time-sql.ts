import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** `timestamptz` → `2026-11-22T09:30:00.000Z`, the text Date#toISOString writes (the columns keep
 * milliseconds: db/schema/columns.ts). For JSON serialized by PostgreSQL. */
export const isoTimeSql = (column: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
