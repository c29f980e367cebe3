import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { teamInvites, type TeamInvite } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { openInvite } from "./open-invite";

/** An open invite of this account, locked for a resend or a revoke. Another account's id, or one
 * accepted or revoked already, is not found. */
export async function lockOpenInvite(tx: DbOrTx, accountId: string, inviteId: string): Promise<TeamInvite> {
  const [invite] = await tx
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.accountId, accountId), openInvite))
    .for("update");
  if (!invite) throw notFound("Invite");
  return invite;
}
