import { and, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { requestLogs, type RequestLog } from "@/db/schema";
import { cursorScope, decodeCursor, encodeCursor, type CursorPosition } from "@/lib/pagination/cursor";
import type { Page } from "@/lib/pagination/keyset";
import { statusClassCondition, type StatusClass } from "./status-class";
import { toRequestLogEntry, type RequestLogEntry } from "./request-log-entry";

export interface RecentRequestsQuery {
  statusClass: StatusClass;
  limit: number;
  cursor?: string;
}

// Only newest first: a log is read from the top.
const SORT = "-createdAt";

/** One page of a key's log, newest first. Exported so a test can EXPLAIN it: it must walk
 * request_logs_key_created_idx (api_key_id, created_at) backwards, not the whole table. */
export function recentRequestsQuery(
  conn: DbOrTx,
  accountId: string,
  apiKeyId: string,
  statusClass: StatusClass,
  fetch: number,
  after?: CursorPosition,
) {
  const conditions: (SQL | undefined)[] = [
    eq(requestLogs.apiKeyId, apiKeyId),
    eq(requestLogs.accountId, accountId),
    statusClassCondition(statusClass),
  ];
  if (after) {
    const at = sql`${after.at.toISOString()}::timestamptz`;
    // The plain bound is what the index can seek to; the row comparison breaks ties on id.
    conditions.push(
      lte(requestLogs.createdAt, after.at),
      sql`(${requestLogs.createdAt}, ${requestLogs.id}) < (${at}, ${after.id})`,
    );
  }
  return conn
    .select()
    .from(requestLogs)
    .where(and(...conditions))
    .orderBy(desc(requestLogs.createdAt), desc(requestLogs.id))
    .limit(fetch);
}

const newestFirst = (a: RequestLog, b: RequestLog) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

// The settings page's recent-requests table, of one key or of several (all the account's keys):
// keyset pages (no OFFSET), filtered by status class. The cursor is bound to the keys and the
// filter, so it cannot be replayed on others. Scoped by account: another account's key id gives
// an empty page. Several keys are one indexed page each, merged: a query over all of them with
// ORDER BY … LIMIT would sort every request of the window instead.
export async function listRecentRequests(
  accountId: string,
  apiKeyIds: readonly string[],
  query: RecentRequestsQuery,
  db?: DbOrTx,
): Promise<Page<RequestLogEntry>> {
  const conn = db ?? (await getDb());
  // One key's scope is as it always was, so links to its pages stay valid.
  const keys = [...apiKeyIds].sort().join(",");
  const fingerprint = cursorScope("recent-requests", accountId, { apiKeyId: keys, statusClass: query.statusClass });
  const after = query.cursor ? decodeCursor(query.cursor, SORT, fingerprint) : undefined;
  const pages = await Promise.all(
    apiKeyIds.map((id) => recentRequestsQuery(conn, accountId, id, query.statusClass, query.limit + 1, after)),
  );
  const rows = pages
    .flat()
    .sort(newestFirst)
    .slice(0, query.limit + 1);
  const hasMore = rows.length > query.limit;
  const items = hasMore ? rows.slice(0, query.limit) : rows;
  const last = items.at(-1);
  return {
    data: items.map(toRequestLogEntry),
    meta: {
      cursor: hasMore && last ? encodeCursor(SORT, fingerprint, { at: last.createdAt, id: last.id }) : null,
      hasMore,
      limit: query.limit,
    },
  };
}
