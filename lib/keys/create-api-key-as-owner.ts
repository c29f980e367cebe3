import { getDb, type DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { API_PLAN, PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { assertOwner } from "@/lib/users/assert-owner";
import { apiKeyNameSchema } from "./api-key-name-schema";
import { assertExpiryAhead } from "./api-key-expiry";
import { createApiKey, type CreatedApiKey } from "./create-api-key";
import type { ApiKeyPermissions } from "./permissions";

// The settings page's "Create API key": owners of accounts on the Agency plan only.
export async function createApiKeyAsOwner(
  input: {
    accountId: string;
    actorUserId: string;
    origin: RequestOrigin;
    name: string;
    /** Null: full access. */
    permissions: ApiKeyPermissions | null;
    expiresAt: Date | null;
  },
  db?: DbOrTx,
): Promise<CreatedApiKey> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  assertAgencyPlan(owner.plan);
  const { name } = apiKeyNameSchema.parse({ name: input.name });
  assertExpiryAhead(input.expiresAt);
  return createApiKey(
    {
      accountId: input.accountId,
      name,
      createdBy: input.actorUserId,
      permissions: input.permissions,
      expiresAt: input.expiresAt,
      audit: userAuditActor(owner, input.origin),
    },
    conn,
  );
}

/** Only the Agency plan gets new secrets (creating or rolling a key). */
export function assertAgencyPlan(plan: string): void {
  if (plan !== API_PLAN) {
    throw new ApiError("plan_required", `The Public API is available on the ${PLAN_LABELS[API_PLAN]} plan.`);
  }
}
