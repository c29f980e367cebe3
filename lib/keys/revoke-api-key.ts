import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

// Revocation is a timestamp; the key check reads it on every request, so it takes effect on
// the next request on every instance. Scoped by account unless the operator CLI passes none.
export async function revokeApiKey(keyId: string, accountId: string | null, db?: DbOrTx): Promise<{ revokedAt: Date }> {
  const conn = db ?? (await getDb());
  const scope = accountId ? and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)) : eq(apiKeys.id, keyId);
  const [existing] = await conn.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(scope).limit(1);
  if (!existing) throw notFound("API key");
  if (existing.revokedAt) return { revokedAt: existing.revokedAt };
  const [row] = await conn
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(scope, isNull(apiKeys.revokedAt)))
    .returning({ revokedAt: apiKeys.revokedAt });
  return { revokedAt: row?.revokedAt ?? new Date() };
}
