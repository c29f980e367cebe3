import type { WebhookDelivery } from "@/db/schema";
import type { PublicWebhookDelivery } from "@/lib/schemas/webhook-deliveries";
import type { SkippedReason } from "./log-skipped";

/** A delivery log row as the API shows it: its outcome as one `status`, never its account. */
export function toPublicWebhookDelivery(row: Omit<WebhookDelivery, "accountId">): PublicWebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    attempt: row.attempt,
    trigger: row.manual ? "manual" : "scheduled",
    status: row.succeeded ? "succeeded" : row.skippedReason ? "skipped" : "failed",
    httpStatus: row.httpStatus,
    durationMs: row.durationMs,
    responseBody: row.responseBody,
    error: row.error,
    skippedReason: row.skippedReason as SkippedReason | null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
