import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries, type WebhookDelivery } from "@/db/schema";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { WEBHOOK_DELIVERY_STATUSES } from "@/lib/schemas/webhook-deliveries";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";

type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface DeliveryLogQuery {
  limit: number;
  cursor?: string;
  /** Newest first unless asked. */
  sort?: "-createdAt" | "createdAt";
  /** Only attempts that did not succeed, skipped ones included (Settings' "Failed"). */
  failed?: boolean;
  /** Only attempts with this outcome (the API's `status`). */
  status?: WebhookDeliveryStatus;
  /** Only the attempts of this event. */
  eventId?: string;
}

const STATUS_CONDITION: Record<WebhookDeliveryStatus, SQL | undefined> = {
  succeeded: eq(webhookDeliveries.succeeded, true),
  failed: and(eq(webhookDeliveries.succeeded, false), isNull(webhookDeliveries.skippedReason)),
  skipped: isNotNull(webhookDeliveries.skippedReason),
};

/** One attempt as the delivery log shows it. */
export type DeliveryLogEntry = Omit<WebhookDelivery, "accountId">;

/** An endpoint's delivery log, newest first by default (Settings → Webhooks → an endpoint, and the API). */
export async function listDeliveries(
  accountId: string,
  endpointId: string,
  query: DeliveryLogQuery,
): Promise<Page<DeliveryLogEntry>> {
  const db = await getDb();
  await getWebhookEndpointOrThrow(db, accountId, endpointId);
  const page = keyset(
    { limit: query.limit, cursor: query.cursor, sort: query.sort ?? "-createdAt" },
    webhookDeliveries,
    cursorScope("webhook-deliveries", accountId, {
      endpointId,
      failed: query.failed,
      status: query.status,
      eventId: query.eventId,
    }),
  );
  const conditions: (SQL | undefined)[] = [
    eq(webhookDeliveries.endpointId, endpointId),
    query.failed ? eq(webhookDeliveries.succeeded, false) : undefined,
    query.status ? STATUS_CONDITION[query.status] : undefined,
    query.eventId ? eq(webhookDeliveries.eventId, query.eventId) : undefined,
    page.where,
  ];
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, (row) => {
    const entry: Partial<WebhookDelivery> = { ...row };
    delete entry.accountId;
    return entry as DeliveryLogEntry;
  });
}
