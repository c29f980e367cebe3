import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { teamInvites } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { hashResetToken } from "@/lib/auth/reset-token";
import { ApiError } from "@/lib/errors/api-error";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { memberAuditTarget } from "@/lib/users/member-audit-target";
import { acceptInviteSchema, type AcceptInviteInput } from "./invite-schema";
import { CLOSED_INVITE_WORDS } from "./open-invite-link";

/**
 * The page an invite link opens: the invitee chooses their name and password and becomes an
 * active member with the invited role. The link works once: the invite row is locked, so two
 * submits of one link run in turn and the second finds it accepted.
 */
export async function acceptInvite(
  input: { form: AcceptInviteInput; origin: RequestClient; now?: Date },
  db?: DbOrTx,
): Promise<{ email: string; userId: string }> {
  const now = input.now ?? new Date();
  const { token, name, password } = acceptInviteSchema.parse(input.form);
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(teamInvites)
      .where(eq(teamInvites.tokenHash, hashResetToken(token)))
      .limit(1)
      .for("update");
    const closed = !invite
      ? "unknown"
      : invite.acceptedAt
        ? "accepted"
        : invite.revokedAt
          ? "revoked"
          : invite.expiresAt <= now
            ? "expired"
            : null;
    if (closed) throw new ApiError("validation_error", CLOSED_INVITE_WORDS[closed]);
    // A login made since the invite (a signup with the address): one login, one account.
    if (await findUserByEmail(invite.email, tx)) {
      throw new ApiError("conflict", `${invite.email} has a LeadProp login already: sign in with it instead.`);
    }
    const { userId } = await addUserToAccount(
      { accountId: invite.accountId, email: invite.email, name, password, role: invite.role },
      tx,
    );
    await tx.update(teamInvites).set({ acceptedAt: now }).where(eq(teamInvites.id, invite.id));
    const member = { userId, name, email: invite.email };
    await recordAudit(tx, invite.accountId, userAuditActor(member, input.origin), {
      action: "invite.accepted",
      target: memberAuditTarget(member),
      changes: { role: [null, invite.role] },
    });
    return { email: invite.email, userId };
  });
}
