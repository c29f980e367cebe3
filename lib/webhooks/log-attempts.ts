import { sql } from "drizzle-orm";
import { webhookDeliveries } from "@/db/schema";
import type { Db } from "@/db/client";
import { prepareOnce } from "@/lib/query/prepare-once";

/** A row of the delivery log (webhook_deliveries): one attempt to send one event to one endpoint. */
export type AttemptRow = typeof webhookDeliveries.$inferInsert;

const p = sql.placeholder;

const ATTEMPT_COLUMNS = [
  "id",
  "accountId",
  "endpointId",
  "eventId",
  "eventType",
  "attempt",
  "manual",
  "succeeded",
  "httpStatus",
  "durationMs",
  "responseBody",
  "error",
] as const;

/** One attempt with no retry to schedule, in one round trip; a row already there (another run of
 * the job logged it) is left as it is. */
export const recordAttempt = prepareOnce((db) =>
  db
    .insert(webhookDeliveries)
    // A null time bound to a placeholder would go through the timestamp column's encoder, which
    // does not take null.
    .values({
      ...Object.fromEntries(ATTEMPT_COLUMNS.map((column) => [column, p(column)])),
      nextAttemptAt: sql`null`,
    } as never)
    .onConflictDoNothing()
    .prepare("webhook_delivery_record"),
);

/** Plain attempts (no retry, no change to the endpoint) in one statement; one result per row, in
 * order. If the statement fails, each goes alone, so only a row the database refuses fails its job
 * (and gets it sent again), not the others. */
export async function logAttempts(db: Db, rows: AttemptRow[]): Promise<PromiseSettledResult<unknown>[]> {
  if (rows.length > 1) {
    try {
      await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
      return rows.map(() => ({ status: "fulfilled", value: null }));
    } catch {
      // Told row by row below; a database that is away fails each of them again.
    }
  }
  return Promise.allSettled(rows.map((row) => recordAttempt(db).execute(row)));
}
