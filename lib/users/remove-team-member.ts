import { and, count, eq, ne } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { ApiError } from "@/lib/errors/api-error";
import { assertOwner } from "./assert-owner";
import { lockActiveOwners } from "./lock-active-owners";
import { lockTeamMember } from "./lock-team-member";
import { memberAuditTarget } from "./member-audit-target";

// The team page's "Remove": owners only; never oneself, never the account's last owner.
// The login goes with the membership (a user belongs to one account), so the email can be
// added again later. Their leads and visits stay, unassigned; the timeline keeps their name.
// Their open sessions end at once: every page re-reads the membership.
export async function removeTeamMember(
  input: { accountId: string; actorUserId: string; origin: RequestClient; userId: string },
  db?: DbOrTx,
): Promise<void> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  if (input.userId === input.actorUserId) {
    throw new ApiError("forbidden", "You cannot remove yourself from the account.");
  }
  await conn.transaction(async (tx) => {
    // As a demotion does: the active owners first, so two removals of the last two run in turn.
    const activeOwners = await lockActiveOwners(tx, input.accountId);
    const target = await lockTeamMember(tx, input.accountId, input.userId);
    if (activeOwners.includes(target.userId) && activeOwners.length <= 1) {
      throw new ApiError("forbidden", "An account needs at least one owner.");
    }
    await tx
      .delete(memberships)
      .where(and(eq(memberships.accountId, input.accountId), eq(memberships.userId, input.userId)));
    const [{ others }] = await tx
      .select({ others: count() })
      .from(memberships)
      .where(and(eq(memberships.userId, input.userId), ne(memberships.accountId, input.accountId)));
    if (others === 0) await tx.delete(users).where(eq(users.id, input.userId));
    await recordAudit(tx, input.accountId, userAuditActor(owner, input.origin), {
      action: "member.removed",
      target: memberAuditTarget(target),
      changes: { role: [target.role, null] },
    });
  });
}
