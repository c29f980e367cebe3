import { eq } from "drizzle-orm";
import type { Role } from "@/lib/domain/enums";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts, teamInvites, users } from "@/db/schema";
import { hashResetToken } from "@/lib/auth/reset-token";

/** What an invite link leads to. Only the link's holder learns its state: the token is 256 bits. */
export type InviteLinkState =
  | { status: "open"; email: string; role: Role; accountName: string; inviterName: string | null }
  | { status: "expired" | "revoked" | "accepted" | "unknown"; accountName?: string };

/** Words for each link that cannot be accepted: the invite page and the accept action show them. */
export const CLOSED_INVITE_WORDS: Record<Exclude<InviteLinkState["status"], "open">, string> = {
  expired: "This invite has expired. Ask the agency's owner to send it again.",
  revoked: "This invite was withdrawn by the agency. Ask its owner if you still need access.",
  accepted: "This invite was accepted already. Sign in with the password chosen then.",
  unknown: "This invite link is not valid. It may have been replaced by a newer one: open the latest invite email.",
};

export async function openInviteLink(token: string, now = new Date(), db?: DbOrTx): Promise<InviteLinkState> {
  if (!token || token.length > 4096) return { status: "unknown" };
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({
      email: teamInvites.email,
      role: teamInvites.role,
      expiresAt: teamInvites.expiresAt,
      acceptedAt: teamInvites.acceptedAt,
      revokedAt: teamInvites.revokedAt,
      accountName: accounts.name,
      inviterName: users.name,
    })
    .from(teamInvites)
    .innerJoin(accounts, eq(accounts.id, teamInvites.accountId))
    .leftJoin(users, eq(users.id, teamInvites.invitedByUserId))
    .where(eq(teamInvites.tokenHash, hashResetToken(token)))
    .limit(1);
  if (!row) return { status: "unknown" };
  const { accountName } = row;
  if (row.acceptedAt) return { status: "accepted", accountName };
  if (row.revokedAt) return { status: "revoked", accountName };
  if (row.expiresAt <= now) return { status: "expired", accountName };
  return { status: "open", email: row.email, role: row.role, accountName, inviterName: row.inviterName };
}
