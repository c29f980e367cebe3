import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { events } from "@/db/schema";
import { encodeCursor } from "@/lib/pagination/cursor";
import { ApiError } from "@/lib/errors/api-error";
import { EVENT_RETENTION_MS } from "./event-retention";

/**
 * Throws 410 `cursor_expired` when reading on from an ascending feed cursor would silently skip
 * expired events: the cursor is older than what the feed keeps (its `at`, the event's createdAt,
 * is past the retention cut-off) and the account's oldest event still kept lies after the cursor's
 * position (had nothing after it been deleted, an event at or before the cursor would remain, as
 * expiry deletes oldest first). The answer carries a cursor just before that oldest event (the
 * empty id sorts before every id of its transaction), for a sync to go on from once it has
 * re-baselined. A cursor inside the kept window costs nothing: no query.
 */
export async function checkCursorKept(
  db: Db,
  accountId: string,
  cursor: { at: Date; txid: string; id: string },
  sort: string,
  fingerprint: string,
): Promise<void> {
  if (cursor.at.getTime() >= Date.now() - EVENT_RETENTION_MS) return;
  const [kept] = await db
    .select({ txid: events.txid, id: events.id, createdAt: events.createdAt })
    .from(events)
    .where(
      and(
        eq(events.accountId, accountId),
        sql`(${events.txid}, ${events.id}) <= (${cursor.txid}::xid8, ${cursor.id}::text)`,
      ),
    )
    .limit(1);
  if (kept) return;
  const [oldest] = await db
    .select({ txid: events.txid, createdAt: events.createdAt })
    .from(events)
    .where(eq(events.accountId, accountId))
    .orderBy(asc(events.txid), asc(events.id))
    .limit(1);
  const oldestCursor = encodeCursor(sort, fingerprint, {
    at: oldest?.createdAt ?? new Date(),
    id: `${oldest?.txid ?? "0"}:`,
  });
  throw new ApiError(
    "cursor_expired",
    `This cursor is older than the 30 days of events kept, and events after it have expired. Re-sync, then read on from details[0].oldestCursor${oldest ? ` (the oldest event kept was created at ${oldest.createdAt.toISOString()})` : ""}.`,
    [{ path: "cursor", message: "Events after this cursor have expired", oldestCursor }],
  );
}
