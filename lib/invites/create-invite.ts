import { and, count, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts, memberships, teamInvites } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { newResetToken } from "@/lib/auth/reset-token";
import { ApiError } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import { assertOwner } from "@/lib/users/assert-owner";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { inviteAuditTarget } from "./invite-audit-target";
import { inviteEmail } from "./invite-email";
import { INVITE_TTL_MS, MAX_OPEN_INVITES } from "./invite-rules";
import { inviteSchema, type InviteInput } from "./invite-schema";
import { openInvite } from "./open-invite";
import { inviteLink, sendInviteMail } from "./send-invite-mail";

export interface InviteRequest {
  accountId: string;
  actorUserId: string;
  origin: RequestClient;
  invite: InviteInput;
  /** The app's public URL, for the link (lib/mail/mail-link-base.ts). */
  baseUrl: string;
  now?: Date;
}

const emailError = (message: string) => new ApiError("conflict", message, [{ path: "email", message }]);

/**
 * Settings → Team's "Invite": owners only. One open invite per address, at most MAX_OPEN_INVITES
 * per account, counted under the account row's lock so parallel invites cannot pass the cap
 * together. The token is kept hashed (the reset links' machinery); the mail goes after commit.
 */
export async function createInvite(
  input: InviteRequest,
  db?: DbOrTx,
): Promise<{ inviteId: string; email: string; mailed: boolean }> {
  const now = input.now ?? new Date();
  const conn = db ?? (await getDb());
  const owner = await assertOwner(input.accountId, input.actorUserId, conn);
  const { email, role } = inviteSchema.parse(input.invite);
  const { token, tokenHash } = newResetToken();
  const inviteId = newId("teamInvite");
  await conn.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).for("update");
    await assertInvitable(tx, input.accountId, email, now);
    const [{ open }] = await tx
      .select({ open: count() })
      .from(teamInvites)
      .where(and(eq(teamInvites.accountId, input.accountId), openInvite));
    if (open >= MAX_OPEN_INVITES) {
      throw new ApiError(
        "conflict",
        `This account has ${MAX_OPEN_INVITES} open invites, the most it can have. Revoke the ones no longer needed first.`,
      );
    }
    await tx.insert(teamInvites).values({
      id: inviteId,
      accountId: input.accountId,
      email,
      role,
      tokenHash,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      invitedByUserId: owner.userId,
      lastSentAt: now,
      createdAt: now,
    });
    await recordAudit(tx, input.accountId, userAuditActor(owner, input.origin), {
      action: "invite.sent",
      target: inviteAuditTarget({ id: inviteId, email }),
      changes: { role: [null, role] },
    });
  });
  const message = inviteEmail(
    { email, role, accountName: owner.accountName, inviterName: owner.name },
    inviteLink(input.baseUrl, token),
  );
  return { inviteId, email, mailed: await sendInviteMail(inviteId, message) };
}

// A login belongs to one account (users.email is unique), so an address with a login anywhere
// cannot be invited; the two cases are told apart because the owner can act on each.
async function assertInvitable(tx: DbOrTx, accountId: string, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(email, tx);
  if (user) {
    const [here] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, user.id)));
    throw emailError(
      here
        ? `${email} is already a member of this account.`
        : `${email} already has a LeadProp login with another agency. A login belongs to one agency: ask them for another address.`,
    );
  }
  const [pending] = await tx
    .select({ expiresAt: teamInvites.expiresAt })
    .from(teamInvites)
    .where(and(eq(teamInvites.accountId, accountId), eq(teamInvites.email, email), openInvite));
  if (pending) {
    throw emailError(
      pending.expiresAt <= now
        ? `The invite to ${email} has expired: resend it from Pending invites.`
        : `${email} is already invited: resend the invite from Pending invites if it went missing.`,
    );
  }
}
