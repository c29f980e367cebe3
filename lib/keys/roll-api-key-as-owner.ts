import { getDb, type DbOrTx } from "@/db/client";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { assertOwner } from "@/lib/users/assert-owner";
import { ROLL_OVERLAPS, type RollOverlap } from "./api-key-expiry";
import { assertAgencyPlan } from "./create-api-key-as-owner";
import { rollApiKey, type RolledApiKey } from "./roll-api-key";

// The settings page's "Roll key": owners of Agency accounts, for a key of their own account.
export async function rollApiKeyAsOwner(
  input: { accountId: string; actorUserId: string; origin: RequestOrigin; keyId: string; overlap: RollOverlap },
  db?: DbOrTx,
): Promise<RolledApiKey> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  assertAgencyPlan(owner.plan);
  return rollApiKey(
    {
      keyId: input.keyId,
      accountId: input.accountId,
      overlapMs: ROLL_OVERLAPS[input.overlap],
      createdBy: input.actorUserId,
      audit: userAuditActor(owner, input.origin),
    },
    conn,
  );
}
