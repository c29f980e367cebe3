import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { passwordResetTokens, users } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { ApiError } from "@/lib/errors/api-error";
import { passwordSchema } from "@/lib/accounts/signup-schema";
import { findMemberByUserId } from "@/lib/users/get-member";
import { memberAuditTarget } from "@/lib/users/member-audit-target";
import { recordLoginAttempt } from "./login-throttle";
import { hashPassword } from "./password";
import { hashResetToken } from "./reset-token";
import { setUserPassword } from "./set-user-password";

export const INVALID_RESET_LINK = "This reset link has expired or has already been used. Ask for a new one below.";

/** The login a token resets, while it is unused and unexpired: the reset page shows its form only then. */
export async function findResetTokenLogin(
  token: string,
  now = new Date(),
  db?: DbOrTx,
): Promise<{ userId: string; email: string } | null> {
  if (!token) return null;
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({
      userId: passwordResetTokens.userId,
      email: users.email,
      usedAt: passwordResetTokens.usedAt,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, hashResetToken(token)))
    .limit(1);
  return row && !row.usedAt && row.expiresAt > now ? { userId: row.userId, email: row.email } : null;
}

/**
 * Sets a new password through a reset link. The token works once: it and every other
 * outstanding token of the user are used up, and every session signed in before now ends.
 */
export async function resetPassword(
  input: { token: string; password: string; origin: RequestClient; now?: Date },
  db?: DbOrTx,
): Promise<{ email: string }> {
  const now = input.now ?? new Date();
  const password = passwordSchema.parse(input.password);
  const passwordHash = await hashPassword(password);
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    // Locked: two submits of one link at once run one after the other, and the second finds it used.
    const [row] = await tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashResetToken(input.token)))
      .limit(1)
      .for("update");
    if (!row || row.usedAt || row.expiresAt <= now) throw new ApiError("validation_error", INVALID_RESET_LINK);
    const member = await findMemberByUserId(row.userId, tx);
    if (!member?.active) throw new ApiError("validation_error", INVALID_RESET_LINK);
    await setUserPassword(tx, row.userId, passwordHash, now);
    // Owning the mailbox is proof enough: a sign-in lock from earlier failures ends here, as a
    // successful sign-in ends it, so the new password works at once.
    await recordLoginAttempt(member.email, true, now, tx);
    await recordAudit(tx, member.accountId, userAuditActor(member, input.origin), {
      action: "password.reset_completed",
      target: memberAuditTarget(member),
    });
    return { email: member.email };
  });
}
