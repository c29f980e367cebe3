import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { passwordResetTokens, users } from "@/db/schema";

/**
 * A new password for a user, inside the caller's transaction: it is no longer temporary, every
 * session issued before now stops working (the session version moves on), and every reset link
 * still outstanding is void. `passwordHash` is hashed by the caller, outside the transaction.
 */
export async function setUserPassword(tx: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
