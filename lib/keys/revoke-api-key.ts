import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { apiKeyLabel, lockApiKey } from "./lock-api-key";

// Revocation is a timestamp; the key check reads it on every request, so it takes effect on
// the next request on every instance. Scoped by account unless the operator CLI passes none.
// Revoking a revoked key changes nothing and records nothing.
export async function revokeApiKey(
  keyId: string,
  accountId: string | null,
  audit: AuditActor | null,
  db?: DbOrTx,
): Promise<{ revokedAt: Date }> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const key = await lockApiKey(tx, keyId, accountId);
    if (key.revokedAt) return { revokedAt: key.revokedAt };
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, key.id))
      .returning({ revokedAt: apiKeys.revokedAt });
    if (audit) {
      await recordAudit(tx, key.accountId, audit, {
        action: "api_key.revoked",
        target: { type: "api_key", id: key.id, label: apiKeyLabel(key) },
        changes: { revokedAt: [null, row.revokedAt!.toISOString()] },
      });
    }
    return { revokedAt: row.revokedAt! };
  });
}
