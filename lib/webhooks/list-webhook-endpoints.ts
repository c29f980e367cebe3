import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { cursorScope } from "@/lib/pagination/cursor";
import { keyset, type Page } from "@/lib/pagination/keyset";
import type { PublicWebhookEndpoint, WebhookEndpointListQuery } from "@/lib/schemas/webhook-endpoints";
import { toPublicWebhookEndpoint } from "./public-webhook-endpoint";

export async function listWebhookEndpoints(
  accountId: string,
  query: WebhookEndpointListQuery,
): Promise<Page<PublicWebhookEndpoint>> {
  const page = keyset(query, webhookEndpoints, cursorScope("webhook-endpoints", accountId, {}));
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), page.where))
    .orderBy(...page.orderBy)
    .limit(page.fetch);
  return page.toPage(rows, toPublicWebhookEndpoint);
}
