import { logger } from "@/lib/log/logger";
import { isLocalMail, servesLocalOutbox } from "./get-mail-sender";

type Env = Record<string, string | undefined>;

/**
 * Said once at start: where email goes, and what SMTP still lacks, so a missing MAIL_FROM or
 * NEXTAUTH_URL shows at deploy time, not at someone's first "Forgot password?". Never logs
 * SMTP_URL itself: it holds the mail server's password.
 */
export function logMailSetup(env: Env = process.env): void {
  if (servesLocalOutbox(env)) {
    logger.info("mail", { via: "local outbox", outbox: "/dev/mail" });
    return;
  }
  if (isLocalMail(env)) {
    logger.error("mail is not sent: set SMTP_URL (with MAIL_FROM and NEXTAUTH_URL); password reset links stay unsent");
    return;
  }
  const missing = [env.MAIL_FROM ? null : "MAIL_FROM", env.NEXTAUTH_URL ? null : "NEXTAUTH_URL"].filter(Boolean);
  if (missing.length) logger.error("mail is not ready: set these with SMTP_URL", { missing: missing.join(", ") });
  else logger.info("mail", { via: "smtp" });
}
