import { and, asc, eq, gt, lt } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { loginAttempts } from "@/db/schema";

// 10 failed sign-ins for one email within 15 minutes lock that email for 15 minutes from the
// 10th failure. Unknown emails are counted too, so the lock reveals nothing about which
// emails exist. Attempts refused by the lock are not recorded: hammering a locked email does
// not extend the lock forever for its real owner.
export const MAX_FAILED_ATTEMPTS = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_DURATION_MS = 15 * 60_000;
// Rows older than this can no longer matter; they are pruned as new ones arrive.
const RETENTION_MS = 24 * 60 * 60_000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** When the email is locked, the time the lock ends; otherwise null. */
export async function getLoginLockedUntil(email: string, now = new Date(), db?: DbOrTx): Promise<Date | null> {
  const conn = db ?? (await getDb());
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS - LOCK_DURATION_MS);
  const rows = await conn
    .select({ succeeded: loginAttempts.succeeded, createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, normalizeEmail(email)), gt(loginAttempts.createdAt, since)))
    .orderBy(asc(loginAttempts.createdAt), asc(loginAttempts.id));
  // A successful sign-in starts the count afresh.
  let failures: number[] = [];
  for (const row of rows) {
    if (row.succeeded) failures = [];
    else failures.push(row.createdAt.getTime());
  }
  let lockedUntil = 0;
  for (let i = MAX_FAILED_ATTEMPTS - 1; i < failures.length; i++) {
    if (failures[i] - failures[i - MAX_FAILED_ATTEMPTS + 1] <= FAILURE_WINDOW_MS) {
      lockedUntil = Math.max(lockedUntil, failures[i] + LOCK_DURATION_MS);
    }
  }
  return lockedUntil > now.getTime() ? new Date(lockedUntil) : null;
}

export async function recordLoginAttempt(
  email: string,
  succeeded: boolean,
  now = new Date(),
  db?: DbOrTx,
): Promise<void> {
  const conn = db ?? (await getDb());
  const normalized = normalizeEmail(email);
  await conn.insert(loginAttempts).values({ email: normalized, succeeded, createdAt: now });
  await conn
    .delete(loginAttempts)
    .where(
      and(eq(loginAttempts.email, normalized), lt(loginAttempts.createdAt, new Date(now.getTime() - RETENTION_MS))),
    );
}
