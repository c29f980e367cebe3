import { and, count, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { passwordResetRequests } from "@/db/schema";

// "Forgot password?" throttles. Per email: at most 3 mails an hour; later requests get the same
// answer and no mail, so the throttle tells nothing about which emails exist (unknown ones are
// counted too). Per address: 20 requests an hour, then the form says to wait, whatever the
// email: one client cannot mail-bomb many people nor sweep the user list.
export const MAX_MAILS_PER_EMAIL = 3;
export const MAX_REQUESTS_PER_IP = 20;
export const RESET_THROTTLE_WINDOW_MS = 60 * 60_000;
const RETENTION_MS = 24 * 60 * 60_000;

export interface ResetThrottle {
  /** The address made too many requests: refuse, and record nothing. */
  ipBlocked: boolean;
  /** The email already had its mails this hour: answer as usual, send nothing. */
  emailExhausted: boolean;
}

/** Counts this request against its email and address and says what it may do. */
export async function checkAndRecordResetRequest(
  tx: DbOrTx,
  email: string,
  ip: string | null,
  now: Date,
): Promise<ResetThrottle> {
  const since = new Date(now.getTime() - RESET_THROTTLE_WINDOW_MS);
  if (ip) {
    const [{ fromIp }] = await tx
      .select({ fromIp: count() })
      .from(passwordResetRequests)
      .where(and(eq(passwordResetRequests.ip, ip), gt(passwordResetRequests.createdAt, since)));
    if (fromIp >= MAX_REQUESTS_PER_IP) return { ipBlocked: true, emailExhausted: true };
  }
  const [{ forEmail }] = await tx
    .select({ forEmail: count() })
    .from(passwordResetRequests)
    .where(and(eq(passwordResetRequests.email, email), gt(passwordResetRequests.createdAt, since)));
  await tx.insert(passwordResetRequests).values({ email, ip, createdAt: now });
  await tx
    .delete(passwordResetRequests)
    .where(
      and(
        eq(passwordResetRequests.email, email),
        lt(passwordResetRequests.createdAt, new Date(now.getTime() - RETENTION_MS)),
      ),
    );
  return { ipBlocked: false, emailExhausted: forEmail >= MAX_MAILS_PER_EMAIL };
}
