import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { cursorScope, decodeCursor, encodeCursor } from "@/lib/pagination/cursor";
import type { Page } from "@/lib/pagination/keyset";
import { JsonText } from "@/lib/query/json-text";
import { ifSet } from "@/lib/query/if-set";
import { WEBHOOK_TEST_EVENT, type EventType } from "@/lib/domain/enums";
import type { EventListQuery, PublicEvent } from "@/lib/schemas/events";
import { publicEventJsonOf } from "./public-event";
import { checkCursorKept } from "./check-cursor-kept";

// The feed a sync can trust: paged from the start and then polled with its last cursor, it shows
// every event exactly once, even when two transactions commit in the opposite order to their
// timestamps or ids.
//
// Why (createdAt, id) is not enough: transaction A writes an event at 10:00:00.001, B one at
// 10:00:00.002; B commits first, a reader takes B and moves its cursor past 10:00:00.002; then A
// commits, behind the cursor, and is never seen.
//
// What holds: each event carries its transaction's id (`txid`, xid8: 64 bits, never wraps), and
// the feed reads in (txid, id) order, and only events whose txid is below the oldest transaction
// still running when the page is read (`pg_snapshot_xmin(pg_current_snapshot())`, the horizon).
// - Every transaction below the horizon has ended, so its events are all visible to this read
//   (committed) or will never exist (rolled back).
// - A transaction that starts later gets a txid above every id handed out so far, so above the
//   horizon too.
// So the part of the feed below the horizon never changes again: nothing can appear behind a
// cursor taken from it. An event from a running transaction is not lost, only held back until
// its transaction and every older one have ended. Within a transaction, ids are ULIDs made by one
// process in order (lib/ids/new-id.ts), so (txid, id) is the order the events were written in.
// The cost: a long transaction anywhere on the server holds back the tail of the feed (never
// reorders or drops it) for as long as it runs.

const HORIZON = sql`pg_snapshot_xmin(pg_current_snapshot())`;

/** A feed position: the last event's transaction id and id. */
const positionId = (txid: string, id: string) => `${txid}:${id}`;

/** `readableTypes`: the only types the caller may see (an API key's, lib/api/event-type-access.ts);
 * absent for every type. Not part of the cursor: it narrows what a position shows, not where it is. */
export async function listEvents(
  accountId: string,
  query: EventListQuery,
  readableTypes?: readonly EventType[],
): Promise<JsonText<Page<PublicEvent>>> {
  const { limit, cursor, sort, ...filters } = query;
  const descending = sort === "-createdAt";
  const fingerprint = cursorScope("events", accountId, filters);
  const db = await getDb();
  let after: SQL | undefined;
  if (cursor) {
    const { at: cursorAt, id: position } = decodeCursor(cursor, sort, fingerprint);
    const [txid, id] = position.split(":");
    // A sync reads ascending: past the 30 days kept, a gap must be an error, not a short page.
    if (!descending) await checkCursorKept(db, accountId, { at: cursorAt, txid, id: id ?? "" }, sort, fingerprint);
    const at = sql`(${txid}::xid8, ${id ?? ""}::text)`;
    after = descending ? sql`(${events.txid}, ${events.id}) < ${at}` : sql`(${events.txid}, ${events.id}) > ${at}`;
  }
  const rows = await db
    .select({ json: publicEventJsonOf(events), txid: events.txid, id: events.id, createdAt: events.createdAt })
    .from(events)
    .where(
      and(
        eq(events.accountId, accountId),
        // Test events went to one endpoint only: they are not changes.
        ne(events.type, WEBHOOK_TEST_EVENT),
        ifSet(filters.type, (types) => inArray(events.type, types)),
        // An empty list matches nothing (drizzle writes `false`).
        ifSet(readableTypes, (types) => inArray(events.type, [...types])),
        ifSet(filters.objectId, (v) => eq(events.objectId, v)),
        ifSet(filters.createdAfter, (v) => gt(events.createdAt, v)),
        sql`${events.txid} < ${HORIZON}`,
        after,
      ),
    )
    .orderBy(...(descending ? [desc(events.txid), desc(events.id)] : [asc(events.txid), asc(events.id)]))
    .limit(limit + 1);

  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  // An empty page keeps the cursor it was asked with: a poller holds its place in the feed.
  const next = last
    ? encodeCursor(sort, fingerprint, { at: last.createdAt, id: positionId(last.txid, last.id) })
    : (cursor ?? null);
  const meta: Page<never>["meta"] = { cursor: next, hasMore, limit };
  return new JsonText(`{"data":[${items.map((row) => row.json).join(",")}],"meta":${JSON.stringify(meta)}}`);
}
