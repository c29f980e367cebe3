import { createOutboxSender } from "./outbox-sender";
import type { MailSender } from "./mail-sender";
import { createSmtpSender } from "./smtp-sender";

type Env = Record<string, string | undefined>;

const LOCAL_FROM = "LeadProp <no-reply@leadprop.localhost>";

/** No SMTP_URL: mail stays in the local outbox (/dev/mail), as SMS stays in the messages page. */
export const isLocalMail = (env: Env = process.env) => !env.SMTP_URL;

/** The outbox page (/dev/mail) is served by the embedded default only. It shows every reset link
 * with no sign-in, so a server on PostgreSQL (a deployment) never serves it, even without
 * SMTP_URL: there, mail is kept unsent and the start-up log says to set SMTP_URL. */
export const servesLocalOutbox = (env: Env = process.env) => isLocalMail(env) && !env.DATABASE_URL;

let cached: { key: string; sender: MailSender } | undefined;

/**
 * SMTP_URL set: nodemailer over SMTP from MAIL_FROM (required then: a mail server may refuse a
 * made-up sender, and the address is the agency's to choose). Unset: the local outbox.
 */
export function getMailSender(env: Env = process.env): MailSender {
  const key = `${env.SMTP_URL ?? ""}\n${env.MAIL_FROM ?? ""}`;
  if (cached?.key === key) return cached.sender;
  let sender: MailSender;
  if (isLocalMail(env)) {
    sender = createOutboxSender(env.MAIL_FROM || LOCAL_FROM);
  } else {
    if (!env.MAIL_FROM) throw new Error("SMTP_URL is set but MAIL_FROM is not: set the sender address");
    sender = createSmtpSender(env.SMTP_URL as string, env.MAIL_FROM);
  }
  cached = { key, sender };
  return sender;
}
