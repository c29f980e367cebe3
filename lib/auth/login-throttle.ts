import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { loginAttempts } from "@/db/schema";

// 10 failed sign-ins for one email within 15 minutes lock that email for 15 minutes from the
// 10th failure. Unknown emails are counted too, so the lock reveals nothing about which
// emails exist. Attempts refused by the lock are not recorded: hammering a locked email does
// not extend the lock forever for its real owner.
//
// Beside it, 50 failures from one address within 15 minutes lock that address for 15 minutes,
// whatever the emails tried (password spraying: a few guesses at many emails). A success does not
// reset an address's count, or an attacker could reset it by signing in to an account of their own.
export const MAX_FAILED_ATTEMPTS = 10;
export const MAX_FAILED_ATTEMPTS_PER_ADDRESS = 50;
const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_DURATION_MS = 15 * 60_000;
// Rows older than this can no longer matter; they are pruned as new ones arrive.
const RETENTION_MS = 24 * 60 * 60_000;

// An address's attempts share the table with emails' (no migration needed), under a key that no
// email can be: a normalized email never starts with "@" (sign-in refuses one that does).
const ADDRESS_KEY_PREFIX = "@address ";
const addressKey = (address: string) => `${ADDRESS_KEY_PREFIX}${address}`;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether a typed email could be a throttle key of its own: refused before any counting. */
export const isReservedThrottleKey = (email: string) => normalizeEmail(email).startsWith("@");

async function lockedUntilFor(
  key: string,
  limit: number,
  resetOnSuccess: boolean,
  now: Date,
  conn: DbOrTx,
): Promise<Date | null> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS - LOCK_DURATION_MS);
  const rows = await conn
    .select({ succeeded: loginAttempts.succeeded, createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, key), gt(loginAttempts.createdAt, since)))
    .orderBy(asc(loginAttempts.createdAt), asc(loginAttempts.id));
  let failures: number[] = [];
  for (const row of rows) {
    if (!row.succeeded) failures.push(row.createdAt.getTime());
    else if (resetOnSuccess) failures = [];
  }
  let lockedUntil = 0;
  for (let i = limit - 1; i < failures.length; i++) {
    if (failures[i] - failures[i - limit + 1] <= FAILURE_WINDOW_MS) {
      lockedUntil = Math.max(lockedUntil, failures[i] + LOCK_DURATION_MS);
    }
  }
  return lockedUntil > now.getTime() ? new Date(lockedUntil) : null;
}

/** When the email is locked, the time the lock ends; otherwise null. A successful sign-in starts
 * the count afresh. */
export async function getLoginLockedUntil(email: string, now = new Date(), db?: DbOrTx): Promise<Date | null> {
  return lockedUntilFor(normalizeEmail(email), MAX_FAILED_ATTEMPTS, true, now, db ?? (await getDb()));
}

/** When the address is locked, the time the lock ends; otherwise null. */
export async function getAddressLockedUntil(address: string, now = new Date(), db?: DbOrTx): Promise<Date | null> {
  return lockedUntilFor(addressKey(address), MAX_FAILED_ATTEMPTS_PER_ADDRESS, false, now, db ?? (await getDb()));
}

async function insertAttempts(conn: DbOrTx, keys: string[], succeeded: boolean, now: Date): Promise<number[]> {
  const rows = await conn
    .insert(loginAttempts)
    .values(keys.map((email) => ({ email, succeeded, createdAt: now })))
    .returning({ id: loginAttempts.id });
  await conn
    .delete(loginAttempts)
    .where(
      and(inArray(loginAttempts.email, keys), lt(loginAttempts.createdAt, new Date(now.getTime() - RETENTION_MS))),
    );
  return rows.map((r) => r.id);
}

export async function recordLoginAttempt(
  email: string,
  succeeded: boolean,
  now = new Date(),
  db?: DbOrTx,
): Promise<void> {
  await insertAttempts(db ?? (await getDb()), [normalizeEmail(email)], succeeded, now);
}

/** An attempt counted before its password is checked; `settleLoginAttempt` marks it a success. */
export interface LoginReservation {
  ids: number[];
}

export type ReserveOutcome = { reserved: LoginReservation } | { lockedUntil: Date; by: "email" | "address" };

/**
 * Checks the locks and records the attempt as a failure in one step, serialized per email and
 * per address (transaction-scoped advisory locks), before any password is verified. Reading the
 * lock, then verifying, then writing the failure let parallel attempts all pass the check while
 * the failures were still being verified (issue 31, finding 2): now the 11th concurrent attempt
 * already sees 10 failures, pending ones included, and is refused without a password check. An
 * attempt that turns out right becomes a success (`settleLoginAttempt`); one that dies midway
 * stays a failure, which errs on the safe side.
 */
export async function reserveLoginAttempt(
  email: string,
  address: string | null,
  now = new Date(),
  db?: DbOrTx,
): Promise<ReserveOutcome> {
  const conn = db ?? (await getDb());
  const keys = [normalizeEmail(email), ...(address ? [addressKey(address)] : [])];
  return conn.transaction(async (tx) => {
    // One order for every caller, so two attempts never wait on each other's second lock.
    for (const key of [...keys].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login_attempts:${key}`}))`);
    }
    const emailLock = await lockedUntilFor(keys[0], MAX_FAILED_ATTEMPTS, true, now, tx);
    if (emailLock) return { lockedUntil: emailLock, by: "email" };
    if (address) {
      const addressLock = await lockedUntilFor(keys[1], MAX_FAILED_ATTEMPTS_PER_ADDRESS, false, now, tx);
      if (addressLock) return { lockedUntil: addressLock, by: "address" };
    }
    return { reserved: { ids: await insertAttempts(tx, keys, false, now) } };
  });
}

/** The reserved attempt was right after all: it counts as a success, which starts the email's
 * count afresh (the address's count ignores successes). */
export async function settleLoginAttempt(reservation: LoginReservation, db?: DbOrTx): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.update(loginAttempts).set({ succeeded: true }).where(inArray(loginAttempts.id, reservation.ids));
}

/** The reserved attempt was right but is no sign-in (a password change's current password): it
 * counts as nothing. */
export async function releaseLoginAttempt(reservation: LoginReservation, db?: DbOrTx): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.delete(loginAttempts).where(inArray(loginAttempts.id, reservation.ids));
}
