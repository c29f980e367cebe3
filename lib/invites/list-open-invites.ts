import { and, asc, eq } from "drizzle-orm";
import type { Role } from "@/lib/domain/enums";
import { getDb, type DbOrTx } from "@/db/client";
import { teamInvites, users } from "@/db/schema";
import { openInvite } from "./open-invite";

export interface OpenInvite {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  lastSentAt: Date;
  expiresAt: Date;
}

// The team page's "Pending invites", oldest first; expired ones stay until resent or revoked.
export async function listOpenInvites(accountId: string, db?: DbOrTx): Promise<OpenInvite[]> {
  const conn = db ?? (await getDb());
  return conn
    .select({
      id: teamInvites.id,
      email: teamInvites.email,
      role: teamInvites.role,
      invitedBy: users.name,
      lastSentAt: teamInvites.lastSentAt,
      expiresAt: teamInvites.expiresAt,
    })
    .from(teamInvites)
    .leftJoin(users, eq(users.id, teamInvites.invitedByUserId))
    .where(and(eq(teamInvites.accountId, accountId), openInvite))
    .orderBy(asc(teamInvites.createdAt), asc(teamInvites.id));
}
