import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import type { PublicWebhookEndpoint } from "@/lib/schemas/webhook-endpoints";
import { toPublicWebhookEndpoint } from "./public-webhook-endpoint";

/** The account's endpoint; another account's id is a 404 like a missing one. */
export async function getWebhookEndpointOrThrow(
  db: DbOrTx,
  accountId: string,
  endpointId: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpoint> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
    .limit(1);
  const [endpoint] = await (options.forUpdate ? query.for("update") : query);
  if (!endpoint) throw notFound("Webhook endpoint");
  return endpoint;
}

/** GET /webhook-endpoints/:id: the public shape, never the secrets. */
export async function getPublicWebhookEndpointOrThrow(
  accountId: string,
  endpointId: string,
): Promise<PublicWebhookEndpoint> {
  return toPublicWebhookEndpoint(await getWebhookEndpointOrThrow(await getDb(), accountId, endpointId));
}
