import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { changedFields, recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import type { PublicWebhookEndpoint, WebhookEndpointUpdateInput } from "@/lib/schemas/webhook-endpoints";
import { assertDeliverableUrl } from "./assert-deliverable-url";
import { endpointAuditTarget } from "./endpoint-audit-target";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";
import { toPublicWebhookEndpoint } from "./public-webhook-endpoint";

// Enabling clears what disabled it (the reason, the failing streak): re-enabling is one click.
// Disabling by hand leaves no reason, which tells the two apart in Settings.
// The audit entry holds only the fields whose value changed; a PATCH that changes nothing
// records nothing, so the log is not padded with no-op saves.
export async function updateWebhookEndpoint(
  accountId: string,
  endpointId: string,
  input: WebhookEndpointUpdateInput,
  audit: AuditActor,
): Promise<PublicWebhookEndpoint> {
  if (input.url !== undefined) await assertDeliverableUrl(input.url);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, accountId, endpointId, { forUpdate: true });
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...input,
        ...(input.enabled !== undefined && { disabledReason: null }),
        ...(input.enabled && !endpoint.enabled && { failingSince: null }),
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    const changes = changedFields(endpoint, input);
    if (Object.keys(changes).length) {
      await recordAudit(tx, accountId, audit, {
        action: "webhook_endpoint.updated",
        target: endpointAuditTarget(row),
        changes,
      });
    }
    return toPublicWebhookEndpoint(row);
  });
}
