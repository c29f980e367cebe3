import { getDb, type DbOrTx } from "@/db/client";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { assertOwner } from "@/lib/users/assert-owner";
import { endRollOverlap, revokeApiKey } from "./revoke-api-key";

// The settings page's "Revoke": owners only, on any plan (a downgraded account can still
// revoke the keys it made), scoped to the owner's account.
export async function revokeApiKeyAsOwner(
  input: { accountId: string; actorUserId: string; origin: RequestOrigin; keyId: string },
  db?: DbOrTx,
): Promise<{ revokedAt: Date }> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  return revokeApiKey(input.keyId, input.accountId, userAuditActor(owner, input.origin), conn);
}

// The key row's "Stop now" beside a rolled key's old secret: owners only, as revoking.
export async function endRollOverlapAsOwner(
  input: { accountId: string; actorUserId: string; origin: RequestOrigin; keyId: string },
  db?: DbOrTx,
): Promise<{ expiresAt: Date }> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  return endRollOverlap(input.keyId, input.accountId, userAuditActor(owner, input.origin), conn);
}
