import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import { getMailSender } from "@/lib/mail/get-mail-sender";
import type { MailMessage, MailSender } from "@/lib/mail/mail-sender";

const INVITE_PATH = "/invite";

/** The link in the mail: the app's public URL (lib/mail/mail-link-base.ts) and the token. */
export const inviteLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/+$/, "")}${INVITE_PATH}?token=${token}`;

/**
 * Sends an invite after its transaction committed. A mail server that refuses it does not undo
 * the invite: the owner is told and can resend. The link is in the message, never in the log.
 */
export async function sendInviteMail(
  inviteId: string,
  message: MailMessage,
  mailer: MailSender = getMailSender(),
): Promise<boolean> {
  try {
    await mailer.send(message);
    logger.info("invite mail sent", { inviteId, via: mailer.kind });
    return true;
  } catch (error) {
    logger.error("invite mail failed", { inviteId, via: mailer.kind, error: describeError(error) });
    return false;
  }
}
