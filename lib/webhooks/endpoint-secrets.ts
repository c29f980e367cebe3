import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { endpointAuditTarget } from "./endpoint-audit-target";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint-or-throw";
import { newEndpointSecret } from "./endpoint-secret";

// After a roll the old secret keeps signing, beside the new one, for a day: receivers switch to
// the new secret whenever they deploy, and no delivery fails verification meanwhile.
const ROLL_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The secrets a delivery is signed with now: the current one, and the previous one in its overlap. */
export function signingSecrets(endpoint: WebhookEndpoint, now = new Date()): string[] {
  const secrets = [openSecret(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(openSecret(endpoint.previousSecret));
  }
  return secrets;
}

/** Settings → Webhooks → Reveal (owners only; the page checks the role). Reading a secret is
 * audited like changing one: whoever reads it can sign as the account. The entry says that it
 * was revealed, never what it is. */
export async function revealWebhookSecret(accountId: string, endpointId: string, audit: AuditActor): Promise<string> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, accountId, endpointId);
    await recordAudit(tx, accountId, audit, {
      action: "webhook_endpoint.secret_revealed",
      target: endpointAuditTarget(endpoint),
    });
    return openSecret(endpoint.secret);
  });
}

/** A new secret, returned once; the old one keeps signing for ROLL_OVERLAP_MS. */
export async function rollWebhookSecret(
  accountId: string,
  endpointId: string,
  audit: AuditActor,
): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
  const db = await getDb();
  const secret = newEndpointSecret();
  const previousSecretExpiresAt = new Date(Date.now() + ROLL_OVERLAP_MS);
  await db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, accountId, endpointId, { forUpdate: true });
    await tx
      .update(webhookEndpoints)
      .set({ secret: sealSecret(secret), previousSecret: endpoint.secret, previousSecretExpiresAt })
      .where(eq(webhookEndpoints.id, endpoint.id));
    // What a receiver's operator needs is when the old secret stops signing; the secrets stay
    // out. (Not "previousSecretExpiresAt": record-audit refuses any field named like a secret.)
    await recordAudit(tx, accountId, audit, {
      action: "webhook_endpoint.secret_rolled",
      target: endpointAuditTarget(endpoint),
      changes: {
        overlapEndsAt: [endpoint.previousSecretExpiresAt?.toISOString() ?? null, previousSecretExpiresAt.toISOString()],
      },
    });
  });
  return { secret, previousSecretExpiresAt };
}
