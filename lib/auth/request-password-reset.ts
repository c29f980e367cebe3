import { getDb, type DbOrTx } from "@/db/client";
import { passwordResetTokens } from "@/db/schema";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RequestClient } from "@/lib/audit/request-client";
import { newId } from "@/lib/ids/new-id";
import { logger } from "@/lib/log/logger";
import { getMailSender } from "@/lib/mail/get-mail-sender";
import type { MailMessage, MailSender } from "@/lib/mail/mail-sender";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { findMemberByUserId } from "@/lib/users/get-member";
import { memberAuditTarget } from "@/lib/users/member-audit-target";
import { normalizeEmail } from "./login-throttle";
import { passwordResetEmail } from "./password-reset-email";
import { checkAndRecordResetRequest } from "./password-reset-throttle";
import { newResetToken, RESET_TOKEN_TTL_MINUTES } from "./reset-token";
import { describeError } from "@/lib/log/describe-error";

const RESET_PASSWORD_PATH = "/reset-password";

export interface PasswordResetRequest {
  email: string;
  origin: RequestClient;
  /** The app's public URL, for the link (lib/mail/mail-link-base.ts). */
  baseUrl: string;
  now?: Date;
}

export interface RequestResetOptions {
  db?: DbOrTx;
  mailer?: MailSender;
  /** Runs the sending. The web action passes next/server's after(), so the answer never waits
   * for the mail server: a known email must not answer slower than an unknown one. Default:
   * send before returning. */
  defer?: (task: () => Promise<void>) => void;
}

/**
 * "Forgot password?": for a known email, a one-time link valid for an hour, by mail. The caller
 * answers the same for every email; only "ip_throttled" (too many requests from one address,
 * whatever the emails) may be shown differently. Before the answer only the throttle runs, the
 * same for every email; looking the email up, the token, the audit entry and the mail come after
 * (options.defer), so not even the time taken tells a known email from an unknown one.
 */
export async function requestPasswordReset(
  input: PasswordResetRequest,
  options: RequestResetOptions = {},
): Promise<"accepted" | "ip_throttled"> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  const conn = options.db ?? (await getDb());
  const throttle = await conn.transaction((tx) => checkAndRecordResetRequest(tx, email, input.origin.ip, now));
  if (throttle.ipBlocked) return "ip_throttled";
  if (throttle.emailExhausted) return "accepted";
  const issueAndSend = async () => {
    try {
      const issued = await issueResetLink(conn, email, input, now);
      if (issued) await sendResetMail(options.mailer ?? getMailSender(), issued.userId, issued.message);
    } catch (error) {
      logger.error("password reset failed", { error: describeError(error) });
    }
  };
  if (options.defer) options.defer(issueAndSend);
  else await issueAndSend();
  return "accepted";
}

/** For an email with a login: a new token (stored hashed), its audit entry, and the mail to send. */
async function issueResetLink(
  conn: DbOrTx,
  email: string,
  input: PasswordResetRequest,
  now: Date,
): Promise<{ userId: string; message: MailMessage } | null> {
  return conn.transaction(async (tx) => {
    const user = await findUserByEmail(email, tx);
    const member = user ? await findMemberByUserId(user.id, tx) : undefined;
    // A deactivated member gets no link: a new password would not let them in.
    if (!user || !member?.active) return null;
    const { token, tokenHash } = newResetToken();
    await tx.insert(passwordResetTokens).values({
      id: newId("passwordResetToken"),
      userId: user.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    // Asked by whoever typed the email: the entry names the login's owner, and its address and
    // user agent say from where (as a throttled sign-in does).
    await recordAudit(tx, member.accountId, userAuditActor(member, input.origin), {
      action: "password.reset_requested",
      target: memberAuditTarget(member),
    });
    const link = `${input.baseUrl.replace(/\/+$/, "")}${RESET_PASSWORD_PATH}?token=${token}`;
    return { userId: user.id, message: passwordResetEmail({ email: user.email, name: user.name }, link) };
  });
}

async function sendResetMail(mailer: MailSender, userId: string, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
    logger.info("password reset mail sent", { userId, via: mailer.kind });
  } catch (error) {
    // The link is in the message, never in the log: only who and why it failed.
    logger.error("password reset mail failed", {
      userId,
      via: mailer.kind,
      error: describeError(error),
    });
  }
}
