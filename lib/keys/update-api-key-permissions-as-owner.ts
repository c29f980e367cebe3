import { getDb, type DbOrTx } from "@/db/client";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { assertOwner } from "@/lib/users/assert-owner";
import type { ApiKeyPermissions } from "./permissions";
import { updateApiKeyPermissions } from "./update-api-key-permissions";

// The settings page's "Edit permissions": owners only, on any plan (narrowing a key is always
// allowed), for a key of their own account.
export async function updateApiKeyPermissionsAsOwner(
  input: {
    accountId: string;
    actorUserId: string;
    origin: RequestOrigin;
    keyId: string;
    permissions: ApiKeyPermissions | null;
  },
  db?: DbOrTx,
): Promise<{ permissions: ApiKeyPermissions | null }> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  return updateApiKeyPermissions(
    {
      keyId: input.keyId,
      accountId: input.accountId,
      permissions: input.permissions,
      audit: userAuditActor(owner, input.origin),
    },
    conn,
  );
}
