import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { memberships } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { endAllSessions } from "@/lib/auth/sessions/end-sessions";
import { ApiError } from "@/lib/errors/api-error";
import { assertOwner } from "./assert-owner";
import { lockActiveOwners } from "./lock-active-owners";
import { lockTeamMember } from "./lock-team-member";
import { memberAuditTarget } from "./member-audit-target";

// The team page's "Deactivate" and "Reactivate": owners only, for a member of their own account
// (another account's is a 404). A deactivated member cannot sign in (their sessions end here, and
// getMember no longer finds them), cannot be assigned leads or visits, and keeps what was assigned
// to them, their history and their login, so reactivating gives it all back. Never oneself, never
// the account's last active owner. Setting what the member already is changes nothing.
export async function setMemberActive(
  input: { accountId: string; actorUserId: string; origin: RequestClient; userId: string; active: boolean },
  db?: DbOrTx,
): Promise<{ changed: boolean }> {
  if (input.userId === input.actorUserId) {
    throw new ApiError("forbidden", "You cannot deactivate yourself.");
  }
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    // First, before the actor's own check: two owners deactivating each other at once run one
    // after the other, and the second finds it is no longer an active owner.
    const activeOwners = await lockActiveOwners(tx, input.accountId);
    const actor = await assertOwner(input.accountId, input.actorUserId, tx);
    const target = await lockTeamMember(tx, input.accountId, input.userId);
    if (target.active === input.active) return { changed: false };
    if (!input.active && activeOwners.includes(target.userId) && activeOwners.length <= 1) {
      throw new ApiError("forbidden", "An account needs at least one active owner.");
    }
    await tx
      .update(memberships)
      .set({ active: input.active })
      .where(and(eq(memberships.accountId, input.accountId), eq(memberships.userId, input.userId)));
    if (!input.active) await endAllSessions(tx, input.userId);
    await recordAudit(tx, input.accountId, userAuditActor(actor, input.origin), {
      action: input.active ? "member.reactivated" : "member.deactivated",
      target: memberAuditTarget(target),
      changes: { active: [target.active, input.active] },
    });
    return { changed: true };
  });
}
