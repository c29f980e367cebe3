import type { DbOrTx } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";

// About 10 bind parameters a row.
const ROWS_PER_STATEMENT = 1_000;

/** Why an attempt was logged without a request. */
export type SkippedReason = "endpoint_disabled";

export interface SkippedAttempt {
  accountId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
}

/** Logs attempts that were not sent (the endpoint was disabled): rows its owner sees, and can
 * resend once it is enabled again. An attempt already logged stays as it was. */
export async function logSkipped(
  db: DbOrTx,
  attempts: SkippedAttempt[],
  reason: SkippedReason = "endpoint_disabled",
): Promise<void> {
  if (attempts.length === 0) return;
  const rows = attempts.map((attempt) => ({
    ...attempt,
    id: newId("webhookDelivery"),
    succeeded: false,
    durationMs: 0,
    skippedReason: reason,
  }));
  // In statements of a bounded size: a dispatcher batch fans out to every disabled endpoint it
  // meets (500 events × 50 endpoints), and one statement of all its rows would pass PostgreSQL's
  // 65,535 bind parameters, fail, and hold the dispatcher on that batch for good.
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT)
    await db
      .insert(webhookDeliveries)
      .values(rows.slice(at, at + ROWS_PER_STATEMENT))
      .onConflictDoNothing();
}
