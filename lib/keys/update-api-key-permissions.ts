import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { ApiError } from "@/lib/errors/api-error";
import { apiKeyLabel, lockApiKey } from "./lock-api-key";
import { describePermissions, normalizePermissions, type ApiKeyPermissions } from "./permissions";

// Changing what a key may do takes effect on its next request: the key check reads the
// permissions on every request, as it reads revocation.
export async function updateApiKeyPermissions(
  input: { keyId: string; accountId: string; permissions: ApiKeyPermissions | null; audit: AuditActor },
  db?: DbOrTx,
): Promise<{ permissions: ApiKeyPermissions | null }> {
  const conn = db ?? (await getDb());
  const permissions = input.permissions === null ? null : normalizePermissions(input.permissions);
  return conn.transaction(async (tx) => {
    const key = await lockApiKey(tx, input.keyId, input.accountId);
    if (key.revokedAt) throw new ApiError("conflict", "This key is revoked; its permissions can no longer change.");
    const before = describePermissions(key.permissions);
    const after = describePermissions(permissions);
    if (before === after) return { permissions: key.permissions };
    await tx.update(apiKeys).set({ permissions }).where(eq(apiKeys.id, key.id));
    await recordAudit(tx, key.accountId, input.audit, {
      action: "api_key.permissions_changed",
      target: { type: "api_key", id: key.id, label: apiKeyLabel(key) },
      changes: { permissions: [before, after] },
    });
    return { permissions };
  });
}
