import { and, inArray, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { ApiError } from "@/lib/errors/api-error";
import { apiKeyLabel, lockApiKey } from "./lock-api-key";
import { lockKeyRoll } from "./lock-key-roll";
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
    const live = (await lockKeyRoll(tx, key)).filter((k) => !k.revokedAt);
    const before = describePermissions(key.permissions);
    const after = describePermissions(permissions);
    if (live.every((k) => describePermissions(k.permissions) === after)) return { permissions: key.permissions };
    await tx
      .update(apiKeys)
      .set({ permissions })
      .where(
        and(
          inArray(
            apiKeys.id,
            live.map((k) => k.id),
          ),
          isNull(apiKeys.revokedAt),
        ),
      );
    await recordAudit(tx, key.accountId, input.audit, {
      action: "api_key.permissions_changed",
      target: { type: "api_key", id: key.id, label: apiKeyLabel(key) },
      changes: { permissions: [before, after] },
    });
    return { permissions };
  });
}
