import type { DbOrTx } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";

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
  await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
}
