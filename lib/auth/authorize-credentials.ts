import { type Role } from "@/lib/domain/enums";
import type { DbOrTx } from "@/db/client";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { findMemberByUserId } from "@/lib/users/get-member";
import { hashPassword, verifyPassword } from "./password";
import { getLoginLockedUntil, normalizeEmail, recordLoginAttempt } from "./login-throttle";
import { INVALID_CREDENTIALS, lockedCode } from "./sign-in-codes";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  accountId: string;
  role: Role;
}

/** Thrown with a message the sign-in form turns into words: next-auth passes it through. */
class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SignInError";
  }
}

// A hash to verify against when the email is unknown, so an unknown email costs the same
// scrypt time as a wrong password and timing does not tell which emails exist.
let dummyHash: Promise<string> | undefined;

// The credentials check behind next-auth's authorize(): throttle, password, membership.
export async function authorizeCredentials(
  rawEmail: string,
  password: string,
  now = new Date(),
  db?: DbOrTx,
): Promise<SessionUser> {
  const email = normalizeEmail(rawEmail);
  if (!email || !password) throw new SignInError(INVALID_CREDENTIALS);
  const lockedUntil = await getLoginLockedUntil(email, now, db);
  if (lockedUntil) throw new SignInError(lockedCode(lockedUntil));

  const user = await findUserByEmail(email, db);
  dummyHash ??= hashPassword("not-a-real-password");
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  const member = user && passwordOk ? await findMemberByUserId(user.id, db) : undefined;
  if (!user || !passwordOk || !member) {
    await recordLoginAttempt(email, false, now, db);
    // The failure that reaches the limit locks at once; say so now rather than on the next try.
    const lockedNow = await getLoginLockedUntil(email, now, db);
    throw new SignInError(lockedNow ? lockedCode(lockedNow) : INVALID_CREDENTIALS);
  }
  await recordLoginAttempt(email, true, now, db);
  return { id: user.id, name: user.name, email: user.email, accountId: member.accountId, role: member.role };
}
