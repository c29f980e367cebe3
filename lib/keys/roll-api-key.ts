import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { ApiError } from "@/lib/errors/api-error";
import { insertApiKey, type CreatedApiKey } from "./create-api-key";
import { apiKeyLabel, lockApiKey } from "./lock-api-key";

export interface RolledApiKey extends CreatedApiKey {
  /** The old key and the moment its secret stops working. */
  previous: { id: string; expiresAt: Date };
}

// Rolling, as Stripe does it: a new key with a new secret (shown once) and the old key's name,
// permissions and expiry; the old key keeps working until the end of the overlap the owner
// chose, then answers 401 api_key_expired. Both are rows, so both show in the key list.
export async function rollApiKey(
  input: { keyId: string; accountId: string | null; overlapMs: number; createdBy: string | null; audit: AuditActor },
  db?: DbOrTx,
): Promise<RolledApiKey> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const old = await lockApiKey(tx, input.keyId, input.accountId);
    const now = Date.now();
    if (old.revokedAt) throw new ApiError("conflict", "This key is revoked; create a new key instead.");
    if (old.expiresAt && old.expiresAt.getTime() <= now) {
      throw new ApiError("conflict", "This key has expired; create a new key instead.");
    }
    if (old.replacedBy) throw new ApiError("conflict", "This key was rolled already; roll the key that replaced it.");

    const created = await insertApiKey(tx, {
      accountId: old.accountId,
      name: old.name,
      createdBy: input.createdBy ?? old.createdBy,
      permissions: old.permissions,
      // Rolling replaces a secret; it does not extend a key's life.
      expiresAt: old.expiresAt,
    });
    const end = new Date(Math.min(now + input.overlapMs, old.expiresAt?.getTime() ?? Infinity));
    await tx
      .update(apiKeys)
      .set({ expiresAt: end, replacedBy: created.id, rolledAt: new Date(now) })
      .where(eq(apiKeys.id, old.id));
    await recordAudit(tx, old.accountId, input.audit, {
      action: "api_key.rolled",
      target: { type: "api_key", id: old.id, label: apiKeyLabel(old) },
      changes: {
        expiresAt: [old.expiresAt?.toISOString() ?? null, end.toISOString()],
        replacedBy: [null, `${created.id} (${created.prefix}…)`],
      },
    });
    return { ...created, previous: { id: old.id, expiresAt: end } };
  });
}
