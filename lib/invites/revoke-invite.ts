import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { teamInvites } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { assertOwner } from "@/lib/users/assert-owner";
import { inviteAuditTarget } from "./invite-audit-target";
import { lockOpenInvite } from "./lock-open-invite";

/** "Revoke": owners only. The link stops working at once; the address can be invited again. */
export async function revokeInvite(
  input: { accountId: string; actorUserId: string; origin: RequestClient; inviteId: string; now?: Date },
  db?: DbOrTx,
): Promise<{ email: string }> {
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  return conn.transaction(async (tx) => {
    const invite = await lockOpenInvite(tx, input.accountId, input.inviteId);
    await tx
      .update(teamInvites)
      .set({ revokedAt: input.now ?? new Date() })
      .where(eq(teamInvites.id, invite.id));
    await recordAudit(tx, input.accountId, userAuditActor(owner, input.origin), {
      action: "invite.revoked",
      target: inviteAuditTarget(invite),
    });
    return { email: invite.email };
  });
}
