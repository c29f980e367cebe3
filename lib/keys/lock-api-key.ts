import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

/** The key, locked for the rest of the transaction; scoped by account unless the operator CLI
 * passes none. 404 for another account's key, as for one that does not exist. */
export async function lockApiKey(tx: DbOrTx, keyId: string, accountId: string | null) {
  const scope = accountId ? and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)) : eq(apiKeys.id, keyId);
  const [row] = await tx
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdBy: apiKeys.createdBy,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      replacedBy: apiKeys.replacedBy,
    })
    .from(apiKeys)
    .where(scope)
    .for("update")
    .limit(1);
  if (!row) throw notFound("API key");
  return row;
}

export const apiKeyLabel = (key: { name: string; prefix: string }) => `${key.name} (${key.prefix}…)`;
