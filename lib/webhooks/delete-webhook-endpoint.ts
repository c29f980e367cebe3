import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { refreshAccountWebhookFlag } from "./account-webhook-flag";

// Removed for good, with its delivery log. Jobs already queued for it find no endpoint and stop.
export async function deleteWebhookEndpoint(
  accountId: string,
  endpointId: string,
): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
      .returning({ id: webhookEndpoints.id });
    if (!deleted.length) throw notFound("Webhook endpoint");
    await refreshAccountWebhookFlag(tx, accountId);
    return { id: endpointId, deleted: true as const };
  });
}
