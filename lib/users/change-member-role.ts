import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { memberships } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { ROLES, type Role } from "@/lib/domain/enums";
import { ApiError } from "@/lib/errors/api-error";
import { assertOwner } from "./assert-owner";
import { lockActiveOwners } from "./lock-active-owners";
import { lockTeamMember } from "./lock-team-member";
import { memberAuditTarget } from "./member-audit-target";

// The team page's role control: owners only, for a member of their own account (another
// account's member is a 404, like a missing one). An owner may demote themselves while another
// owner remains; the account's last owner is never demoted. Setting the role a member already
// has changes nothing and records nothing.
export async function changeMemberRole(
  input: { accountId: string; actorUserId: string; origin: RequestClient; userId: string; role: Role },
  db?: DbOrTx,
): Promise<{ changed: boolean }> {
  if (!ROLES.includes(input.role)) {
    throw new ApiError("validation_error", "Choose a role.", [{ path: "role", message: "Owner or staff" }]);
  }
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    // The account's active owners, locked first: two owners demoting (or deactivating) each other
    // at once run one after the other, and the second then finds it is no longer an owner
    // (assertOwner reads after the lock), so the account can never be left with none.
    const activeOwners = await lockActiveOwners(tx, input.accountId);
    const actor = await assertOwner(input.accountId, input.actorUserId, tx);
    const target = await lockTeamMember(tx, input.accountId, input.userId);
    if (target.role === input.role) return { changed: false };
    if (activeOwners.includes(target.userId) && activeOwners.length <= 1) {
      throw new ApiError("forbidden", "An account needs at least one owner.");
    }
    await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(eq(memberships.accountId, input.accountId), eq(memberships.userId, input.userId)));
    await recordAudit(tx, input.accountId, userAuditActor(actor, input.origin), {
      action: "member.role_changed",
      target: memberAuditTarget(target),
      changes: { role: [target.role, input.role] },
    });
    return { changed: true };
  });
}
