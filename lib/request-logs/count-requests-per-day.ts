import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { requestLogs } from "@/db/schema";
import { usageWindow } from "./usage-window";

export interface DailyRequestCount {
  /** `YYYY-MM-DD`, a day in the viewer's zone. */
  day: string;
  total: number;
  /** 400–499, 429 included. */
  clientErrors: number;
  serverErrors: number;
  rateLimited: number;
}

const status = requestLogs.status;
/** The request's day in `zone` (an IANA name, as PostgreSQL and luxon both know them). */
const dayIn = (zone: string) => sql<string>`to_char(${requestLogs.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;

/** The per-day aggregate of one key, or of several (all the account's keys), one row per day that
 * had requests. Exported so a test can EXPLAIN it: it must range-scan
 * request_logs_key_created_idx (api_key_id, created_at), once per key. */
export function requestsPerDayQuery(
  conn: DbOrTx,
  accountId: string,
  apiKeyIds: readonly string[],
  since: Date,
  timeZone = "UTC",
) {
  return (
    conn
      .select({
        day: dayIn(timeZone),
        total: sql<number>`count(*)::int`,
        clientErrors: sql<number>`(count(*) filter (where ${status} between 400 and 499))::int`,
        serverErrors: sql<number>`(count(*) filter (where ${status} between 500 and 599))::int`,
        rateLimited: sql<number>`(count(*) filter (where ${status} = 429))::int`,
      })
      .from(requestLogs)
      // The account as well as the key: a key id from another account counts nothing.
      .where(
        and(
          apiKeyIds.length === 1
            ? eq(requestLogs.apiKeyId, apiKeyIds[0])
            : inArray(requestLogs.apiKeyId, [...apiKeyIds]),
          eq(requestLogs.accountId, accountId),
          gte(requestLogs.createdAt, since),
        ),
      )
      // By position: the zone is a bound parameter, and PostgreSQL does not see two of them
      // (select's and group by's) as one expression.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

// Requests per day (in the viewer's zone) over the usage window, counted in SQL; days without
// requests are zeros so the chart has a bar (or a gap) for every day.
export async function countRequestsPerDay(
  accountId: string,
  apiKeyIds: readonly string[],
  options: { now?: Date; timeZone?: string } = {},
  db?: DbOrTx,
): Promise<DailyRequestCount[]> {
  const conn = db ?? (await getDb());
  const { since, days } = usageWindow(options.now, options.timeZone);
  const rows = await requestsPerDayQuery(conn, accountId, apiKeyIds, since, options.timeZone);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return {
      day,
      total: row?.total ?? 0,
      clientErrors: row?.clientErrors ?? 0,
      serverErrors: row?.serverErrors ?? 0,
      rateLimited: row?.rateLimited ?? 0,
    };
  });
}
