import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { loginAttempts } from "@/db/schema";

// Signup throttles, kept in the sign-in throttle's table (login_attempts) under keys no email can
// be (a normalized email never starts with "@"; see login-throttle.ts). Per address: 10 signups
// an hour, then the form says to wait, whatever the emails: one client cannot sweep addresses or
// mail-bomb many people. Per email: 3 mails an hour; later signups get the same answer and no
// mail, so the throttle tells nothing about which emails have a login (unknown ones count too).
export const MAX_SIGNUPS_PER_ADDRESS = 10;
export const MAX_SIGNUP_MAILS_PER_EMAIL = 3;
export const SIGNUP_THROTTLE_WINDOW_MS = 60 * 60_000;
const RETENTION_MS = 24 * 60 * 60_000;

const addressKey = (address: string) => `@signup-address ${address}`;
const emailKey = (email: string) => `@signup-email ${email}`;

export interface SignupThrottle {
  /** The address made too many signups: refuse, and record nothing. */
  addressBlocked: boolean;
  /** The email had its mails this hour: answer as usual, send nothing. */
  emailExhausted: boolean;
}

/** Counts this signup against its address and email, serialized per key, and says what it may do. */
export async function checkAndRecordSignup(
  db: DbOrTx,
  email: string,
  address: string | null,
  now: Date,
): Promise<SignupThrottle> {
  const keys = [emailKey(email), ...(address ? [addressKey(address)] : [])];
  const since = new Date(now.getTime() - SIGNUP_THROTTLE_WINDOW_MS);
  const recent = async (tx: DbOrTx, key: string) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, key), gt(loginAttempts.createdAt, since)));
    return n;
  };
  return db.transaction(async (tx) => {
    // One order for every caller (as the sign-in throttle), so parallel signups cannot both pass.
    for (const key of [...keys].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login_attempts:${key}`}))`);
    }
    if (address && (await recent(tx, addressKey(address))) >= MAX_SIGNUPS_PER_ADDRESS) {
      return { addressBlocked: true, emailExhausted: true };
    }
    const mails = await recent(tx, emailKey(email));
    await tx.insert(loginAttempts).values(keys.map((key) => ({ email: key, succeeded: false, createdAt: now })));
    for (const key of keys) {
      await tx
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.email, key), lt(loginAttempts.createdAt, new Date(now.getTime() - RETENTION_MS))));
    }
    return { addressBlocked: false, emailExhausted: mails >= MAX_SIGNUP_MAILS_PER_EMAIL };
  });
}
