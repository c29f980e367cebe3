import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { userSessions } from "@/db/schema";

/** Sign-out: this browser's session ends; its cookie, even if kept, opens nothing. */
export async function endSession(sessionId: string, db?: DbOrTx): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.delete(userSessions).where(eq(userSessions.id, sessionId));
}

/** Every session of the user ends (sign out everywhere, a password change or reset), inside the
 * caller's transaction. */
export async function endAllSessions(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(userSessions).where(eq(userSessions.userId, userId));
}
