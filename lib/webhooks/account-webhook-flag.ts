import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, webhookEndpoints } from "@/db/schema";

/** Sets accounts.has_webhook_endpoints from the account's endpoints, in the transaction that
 * changed them (created, enabled, disabled, deleted). The API key's lookup reads it, so a change
 * of an account with no enabled endpoint does not look for one. A delivery that disables an
 * endpoint leaves it true: true with none enabled only costs that look. */
export async function refreshAccountWebhookFlag(tx: DbOrTx, accountId: string): Promise<void> {
  const enabled = tx
    .select({ one: sql`1` })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.enabled, true)));
  await tx
    .update(accounts)
    .set({ hasWebhookEndpoints: sql`exists (${enabled})` })
    .where(eq(accounts.id, accountId));
}
