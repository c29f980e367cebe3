import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

// Removed for good, with its delivery log. Jobs already queued for it find no endpoint and stop.
export async function deleteWebhookEndpoint(
  accountId: string,
  endpointId: string,
): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
    .returning({ id: webhookEndpoints.id });
  if (!deleted.length) throw notFound("Webhook endpoint");
  return { id: endpointId, deleted: true };
}
