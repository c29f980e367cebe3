import type { DbOrTx } from "@/db/client";
import { getMember, type Member } from "@/lib/users/get-member";

/**
 * The member a session stands for, as the database knows them now, or null when the session is
 * no longer good: the membership is gone, or the password was changed or reset after the session
 * was issued (its version is older than the user's).
 */
export async function memberForSession(
  session: { id: string; accountId: string; sessionVersion: number },
  db?: DbOrTx,
): Promise<Member | null> {
  const member = await getMember(session.accountId, session.id, db);
  if (!member || member.sessionVersion !== session.sessionVersion) return null;
  return member;
}
