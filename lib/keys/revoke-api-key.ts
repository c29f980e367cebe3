import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { ApiError } from "@/lib/errors/api-error";
import { apiKeyLabel, lockApiKey } from "./lock-api-key";
import { lockKeyRoll } from "./lock-key-roll";

// Revocation is a timestamp; the key check reads it on every request, so it takes effect on
// the next request on every instance. Scoped by account unless the operator CLI passes none.
// A key is every secret of its rolls: revoking it through any of them ends all of them at once
// (a rolled key's old secret must not outlive the key). Revoking a revoked key changes nothing
// and records nothing.
export async function revokeApiKey(
  keyId: string,
  accountId: string | null,
  audit: AuditActor | null,
  db?: DbOrTx,
): Promise<{ revokedAt: Date }> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const key = await lockApiKey(tx, keyId, accountId);
    const live = (await lockKeyRoll(tx, key)).filter((k) => !k.revokedAt);
    if (live.length === 0) return { revokedAt: key.revokedAt! };
    const revokedAt = new Date();
    await tx
      .update(apiKeys)
      .set({ revokedAt })
      .where(
        and(
          inArray(
            apiKeys.id,
            live.map((k) => k.id),
          ),
          isNull(apiKeys.revokedAt),
        ),
      );
    if (audit) {
      await recordAudit(tx, key.accountId, audit, {
        action: "api_key.revoked",
        target: { type: "api_key", id: key.id, label: apiKeyLabel(key) },
        changes: {
          revokedAt: [null, revokedAt.toISOString()],
          ...(live.length > 1 ? { prefixes: [null, live.map((k) => `${k.prefix}…`).join(", ")] } : {}),
        },
      });
    }
    return { revokedAt: key.revokedAt ?? revokedAt };
  });
}

/**
 * "Stop the old secret now": ends a rolled key's overlap early. Only a replaced secret can be
 * stopped this way (the key itself works on through its newer secret); it expires now, which
 * the key check answers as 401 api_key_expired, as at the overlap's planned end.
 */
export async function endRollOverlap(
  keyId: string,
  accountId: string,
  audit: AuditActor,
  db?: DbOrTx,
): Promise<{ expiresAt: Date }> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const key = await lockApiKey(tx, keyId, accountId);
    if (!key.replacedBy) throw new ApiError("conflict", "Only a rolled key's old secret can be stopped early.");
    const now = new Date();
    if (key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return { expiresAt: key.expiresAt ?? now };
    await tx.update(apiKeys).set({ expiresAt: now }).where(eq(apiKeys.id, key.id));
    await recordAudit(tx, key.accountId, audit, {
      action: "api_key.old_secret_stopped",
      target: { type: "api_key", id: key.id, label: apiKeyLabel(key) },
      changes: { expiresAt: [key.expiresAt?.toISOString() ?? null, now.toISOString()] },
    });
    return { expiresAt: now };
  });
}
