import { count, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, webhookEndpoints } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { sealSecret } from "@/lib/crypto/secret-box";
import { ApiError } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import type { PublicWebhookEndpoint, WebhookEndpointCreateInput } from "@/lib/schemas/webhook-endpoints";
import { assertDeliverableUrl } from "./assert-deliverable-url";
import { endpointAuditTarget } from "./endpoint-audit-target";
import { newEndpointSecret } from "./endpoint-secret";
import { toPublicWebhookEndpoint } from "./public-webhook-endpoint";

// Every endpoint costs a delivery per event, paid by the dispatcher after the write (never by the
// write itself), so the fan-out stays bounded; 50 leaves room for one per integration and stage.
export const MAX_ENDPOINTS_PER_ACCOUNT = 50;

/** Creates the endpoint; the answer carries its secret, the one time the API shows it. The audit
 * entry records the endpoint's settings, never its secret. */
export async function createWebhookEndpoint(
  accountId: string,
  input: WebhookEndpointCreateInput,
  audit: AuditActor,
): Promise<PublicWebhookEndpoint & { secret: string }> {
  await assertDeliverableUrl(input.url);
  const db = await getDb();
  const secret = newEndpointSecret();
  return db.transaction(async (tx) => {
    // Counted under the account's row lock, so two concurrent creates cannot both pass the limit.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId));
    if (n >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw new ApiError(
        "webhook_endpoint_limit",
        `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints.`,
      );
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId("webhookEndpoint"),
        accountId,
        url: input.url,
        description: input.description ?? null,
        events: input.events,
        enabled: input.enabled ?? true,
        secret: sealSecret(secret),
      })
      .returning();
    await recordAudit(tx, accountId, audit, {
      action: "webhook_endpoint.created",
      target: endpointAuditTarget(row),
      changes: {
        url: [null, row.url],
        description: [null, row.description],
        events: [null, row.events],
        enabled: [null, row.enabled],
      },
    });
    return { ...toPublicWebhookEndpoint(row), secret };
  });
}
