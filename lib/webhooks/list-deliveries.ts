import { and, eq, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries, type WebhookDelivery } from "@/db/schema";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";

export interface DeliveryLogQuery {
  limit: number;
  cursor?: string;
  /** Only failed attempts. */
  failed?: boolean;
}

/** One attempt as the delivery log shows it. */
export type DeliveryLogEntry = Omit<WebhookDelivery, "accountId">;

/** An endpoint's delivery log, newest first (Settings → Webhooks → an endpoint). */
export async function listDeliveries(
  accountId: string,
  endpointId: string,
  query: DeliveryLogQuery,
): Promise<Page<DeliveryLogEntry>> {
  const db = await getDb();
  await getWebhookEndpointOrThrow(db, accountId, endpointId);
  const page = keyset(
    { limit: query.limit, cursor: query.cursor, sort: "-createdAt" },
    webhookDeliveries,
    cursorScope("webhook-deliveries", accountId, { endpointId, failed: query.failed }),
  );
  const conditions: (SQL | undefined)[] = [
    eq(webhookDeliveries.endpointId, endpointId),
    query.failed ? eq(webhookDeliveries.succeeded, false) : undefined,
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
