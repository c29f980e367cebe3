import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { getMember } from "@/lib/users/get-member";
import { memberAuditTarget } from "@/lib/users/member-audit-target";
import { releaseLoginAttempt, reserveLoginAttempt } from "./login-throttle";
import { hashPassword, verifyPassword } from "./password";
import { changePasswordSchema, type ChangePasswordInput } from "./password-form-schemas";
import { setUserPassword } from "./set-user-password";

/**
 * The signed-in user's "Change password". The current password is asked for (a session left open
 * is not enough), and a wrong one
 * counts as a failed sign-in, so this form cannot be used to guess it past the sign-in throttle.
 * Every other session of the user ends; the caller signs this browser in again.
 */
export async function changePassword(
  input: { accountId: string; userId: string; origin: RequestClient; form: ChangePasswordInput; now?: Date },
  db?: DbOrTx,
): Promise<void> {
  const now = input.now ?? new Date();
  const { currentPassword, newPassword } = changePasswordSchema.parse(input.form);
  const conn = db ?? (await getDb());
  const member = await getMember(input.accountId, input.userId, conn);
  if (!member) throw notFound("User");
  // Counted before the check, atomically with the lock (as sign-in does), so parallel guesses
  // cannot slip past it; a right current password releases the attempt.
  const reservation = await reserveLoginAttempt(member.email, input.origin.ip, now, conn);
  if ("lockedUntil" in reservation) {
    const minutes = Math.max(1, Math.ceil((reservation.lockedUntil.getTime() - now.getTime()) / 60_000));
    throw new ApiError(
      "rate_limited",
      `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  const [user] = await conn.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, member.userId));
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new ApiError("validation_error", "Your current password is not right.", [
      { path: "currentPassword", message: "That is not your current password." },
    ]);
  }
  await releaseLoginAttempt(reservation.reserved, conn);
  if (await verifyPassword(newPassword, user.passwordHash)) {
    throw new ApiError("validation_error", "Choose a new password.", [
      { path: "newPassword", message: "Choose a password different from your current one." },
    ]);
  }
  const passwordHash = await hashPassword(newPassword);
  await conn.transaction(async (tx) => {
    await setUserPassword(tx, member.userId, passwordHash, now);
    await recordAudit(tx, member.accountId, userAuditActor(member, input.origin), {
      action: "password.changed",
      target: memberAuditTarget(member),
    });
  });
}
