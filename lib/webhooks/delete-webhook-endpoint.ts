import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { notFound } from "@/lib/errors/api-error";
import { endpointAuditTarget } from "./endpoint-audit-target";

// Removed for good, with its delivery log. Jobs already queued for it find no endpoint and stop.
export async function deleteWebhookEndpoint(
  accountId: string,
  endpointId: string,
  audit: AuditActor,
): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events });
    if (!deleted) throw notFound("Webhook endpoint");
    await recordAudit(tx, accountId, audit, {
      action: "webhook_endpoint.deleted",
      target: endpointAuditTarget(deleted),
      changes: { url: [deleted.url, null], events: [deleted.events, null] },
    });
    return { id: endpointId, deleted: true as const };
  });
}
