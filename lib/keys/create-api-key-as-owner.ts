import { getDb, type DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { API_PLAN, PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { assertOwner } from "@/lib/users/assert-owner";
import { apiKeyNameSchema } from "./api-key-name-schema";
import { createApiKey, type CreatedApiKey } from "./create-api-key";

// The settings page's "Create API key": owners of accounts on the Agency plan only.
export async function createApiKeyAsOwner(
  input: { accountId: string; actorUserId: string; name: string },
  db?: DbOrTx,
): Promise<CreatedApiKey> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  if (owner.plan !== API_PLAN) {
    throw new ApiError("plan_required", `The Public API is available on the ${PLAN_LABELS[API_PLAN]} plan.`);
  }
  const { name } = apiKeyNameSchema.parse({ name: input.name });
  return createApiKey({ accountId: input.accountId, name, createdBy: input.actorUserId }, conn);
}
