import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { passwordResetTokens, users } from "@/db/schema";
import { endAllSessions } from "./sessions/end-sessions";

/**
 * A new password for a user, inside the caller's transaction: every session of the user ends (the
 * change form signs its own browser in again), and every reset link still outstanding is void.
 * `passwordHash` is hashed by the caller, outside the transaction.
 */
export async function setUserPassword(tx: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await endAllSessions(tx, userId);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
