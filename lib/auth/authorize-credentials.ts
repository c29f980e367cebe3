import { type Role } from "@/lib/domain/enums";
import { getDb, type DbOrTx } from "@/db/client";
import type { RequestClient } from "@/lib/audit/request-client";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { findMemberByUserId } from "@/lib/users/get-member";
import { hashPassword, verifyPassword } from "./password";
import {
  getLoginLockedUntil,
  isReservedThrottleKey,
  normalizeEmail,
  reserveLoginAttempt,
  settleLoginAttempt,
} from "./login-throttle";
import { recordSignIn, recordSignInThrottled } from "./record-sign-in-audit";
import { startSession } from "./sessions/start-session";
import { addressLockedCode, DEACTIVATED, INVALID_CREDENTIALS, lockedCode } from "./sign-in-codes";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  accountId: string;
  role: Role;
  /** The server-side session this sign-in starts (lib/auth/sessions/): the JWT carries its id. */
  sessionId: string;
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
// `origin` is the sign-in request's address and user agent, for the audit log.
export async function authorizeCredentials(
  rawEmail: string,
  password: string,
  origin: RequestClient,
  now = new Date(),
  db?: DbOrTx,
): Promise<SessionUser> {
  const email = normalizeEmail(rawEmail);
  // No account has such an email, and the throttle keys addresses under "@…".
  if (!email || !password || isReservedThrottleKey(email)) throw new SignInError(INVALID_CREDENTIALS);
  const conn = db ?? (await getDb());
  // The attempt is counted (as a failure) before the password is checked, atomically with the
  // lock check (lib/auth/login-throttle.ts), so parallel attempts cannot slip past the lock.
  // Attempts refused by a lock already in place are not audited, as they are not counted: an
  // attacker hammering a locked email would write a row per try into a log kept for a year. The
  // audit log has the lock's start instead (below).
  const reservation = await reserveLoginAttempt(email, origin.ip, now, conn);
  if ("lockedUntil" in reservation) {
    throw new SignInError(
      reservation.by === "email" ? lockedCode(reservation.lockedUntil) : addressLockedCode(reservation.lockedUntil),
    );
  }

  const user = await findUserByEmail(email, conn);
  dummyHash ??= hashPassword("not-a-real-password");
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  const member = user && passwordOk ? await findMemberByUserId(user.id, conn) : undefined;
  if (!user || !passwordOk || !member) {
    // The failure is recorded already. The one that reaches the limit locks at once; say so now
    // rather than on the next try.
    const lockedNow = await conn.transaction(async (tx) => {
      const locked = await getLoginLockedUntil(email, now, tx);
      // The throttle refusing this email from now on is audited in its user's account. An email
      // with no user belongs to no account, so its lock is in login_attempts only.
      if (locked && user) await recordSignInThrottled(tx, user.id, origin, locked);
      return locked;
    });
    throw new SignInError(lockedNow ? lockedCode(lockedNow) : INVALID_CREDENTIALS);
  }
  // Only the right password learns that the member is deactivated. The attempt stays counted as
  // a failure, so the answer cannot be used to test passwords faster than the throttle allows.
  if (!member.active) throw new SignInError(DEACTIVATED);
  const sessionId = await conn.transaction(async (tx) => {
    await settleLoginAttempt(reservation.reserved, tx);
    await recordSignIn(tx, member, origin);
    return startSession(tx, user.id, now);
  });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    accountId: member.accountId,
    role: member.role,
    sessionId,
  };
}
