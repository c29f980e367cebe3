import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { userSessions } from "@/db/schema";
import { LAST_SEEN_STEP_MS, SESSION_IDLE_MS } from "./session-lifetime";

/**
 * Whether the session a JWT names still stands: its row exists (not signed out, not ended by
 * "Sign out everywhere" or a password change), belongs to the JWT's user, and is within its
 * absolute and idle limits. One read by primary key per request; `lastSeenAt` is written at most
 * once an hour.
 */
export async function sessionIsLive(
  session: { sessionId: string; userId: string },
  now = new Date(),
  db?: DbOrTx,
): Promise<boolean> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ userId: userSessions.userId, expiresAt: userSessions.expiresAt, lastSeenAt: userSessions.lastSeenAt })
    .from(userSessions)
    .where(eq(userSessions.id, session.sessionId));
  if (!row || row.userId !== session.userId) return false;
  if (row.expiresAt <= now || row.lastSeenAt.getTime() <= now.getTime() - SESSION_IDLE_MS) return false;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
    await conn.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, session.sessionId));
  }
  return true;
}
