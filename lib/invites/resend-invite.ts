import { eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { teamInvites } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { newResetToken } from "@/lib/auth/reset-token";
import { ApiError } from "@/lib/errors/api-error";
import { assertOwner } from "@/lib/users/assert-owner";
import { inviteAuditTarget } from "./invite-audit-target";
import { inviteEmail } from "./invite-email";
import { INVITE_TTL_MS, MAX_SENDS_PER_INVITE, RESEND_COOLDOWN_MS } from "./invite-rules";
import { lockOpenInvite } from "./lock-open-invite";
import { inviteLink, sendInviteMail } from "./send-invite-mail";

/**
 * "Resend": owners only. A new token replaces the old one (whose link dies at once) and the week
 * starts again, so an expired invite is renewed this way. Bounded per invite: not within
 * RESEND_COOLDOWN_MS of the last mail, and MAX_SENDS_PER_INVITE mails in all.
 */
export async function resendInvite(
  input: {
    accountId: string;
    actorUserId: string;
    origin: RequestClient;
    inviteId: string;
    baseUrl: string;
    now?: Date;
  },
  db?: DbOrTx,
): Promise<{ email: string; mailed: boolean }> {
  const now = input.now ?? new Date();
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  const { token, tokenHash } = newResetToken();
  const invite = await conn.transaction(async (tx) => {
    const locked = await lockOpenInvite(tx, input.accountId, input.inviteId);
    if (locked.sendCount >= MAX_SENDS_PER_INVITE) {
      throw new ApiError(
        "rate_limited",
        `The invite to ${locked.email} was sent ${MAX_SENDS_PER_INVITE} times already. Check the address with them, then revoke it and invite again.`,
      );
    }
    const waitMs = locked.lastSentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new ApiError(
        "rate_limited",
        `The invite to ${locked.email} was just sent. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
      );
    }
    await tx
      .update(teamInvites)
      .set({
        tokenHash,
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
        lastSentAt: now,
        sendCount: sql`${teamInvites.sendCount} + 1`,
      })
      .where(eq(teamInvites.id, locked.id));
    await recordAudit(tx, input.accountId, userAuditActor(owner, input.origin), {
      action: "invite.resent",
      target: inviteAuditTarget(locked),
    });
    return locked;
  });
  const message = inviteEmail(
    { email: invite.email, role: invite.role, accountName: owner.accountName, inviterName: owner.name },
    inviteLink(input.baseUrl, token),
  );
  return { email: invite.email, mailed: await sendInviteMail(invite.id, message) };
}
