import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";

/** Rows per DELETE: EXPIRY_BATCH_SIZE, else 5,000 (a few tens of milliseconds each on PostgreSQL). */
export function expiryBatchSize(): number {
  const configured = Number(process.env.EXPIRY_BATCH_SIZE);
  return Number.isInteger(configured) && configured >= 1 ? configured : 5000;
}

/**
 * Deletes the rows of `table` that match `expired`, `batchSize` at a time, each batch its own short
 * statement (so its own transaction), until none is left or `deadline` (ms since the epoch) has
 * passed; the rest waits for the next pass. Answers the rows deleted and the batches run.
 *
 * Why batches: the feed and the webhook dispatcher read only below the oldest running transaction
 * (lib/events/list-events.ts), anywhere on the server. One DELETE of a month of events runs for
 * seconds to minutes and holds every account's feed back all that while; a batch of 5,000 holds
 * it for milliseconds.
 *
 * `ctid = any(array(select ctid … limit n))` is a TID scan: it finds each batch through the
 * condition's index and deletes those rows by their physical address, with no join and no need
 * for a primary key (idempotency keys have a composite one).
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  expired: SQL,
  batchSize: number,
  deadline: number,
): Promise<{ rows: number; batches: number }> {
  let rows = 0;
  let batches = 0;
  for (;;) {
    const deleted = await db.execute(
      sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${expired} limit ${batchSize}))`,
    );
    const count = affectedRows(deleted);
    rows += count;
    batches += 1;
    if (count < batchSize || Date.now() >= deadline) return { rows, batches };
  }
}

/** postgres-js answers `count`, PGlite `affectedRows`. */
function affectedRows(result: unknown): number {
  const { count, affectedRows: affected } = result as { count?: number; affectedRows?: number };
  return Number(count ?? affected ?? 0);
}
