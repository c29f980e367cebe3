import nodemailer from "nodemailer";
import type { MailSender } from "./mail-sender";

// Production mail: SMTP_URL (smtp://user:pass@host:587, or smtps:// for TLS from the start), as
// nodemailer reads it. Tighter timeouts than nodemailer's (minutes): a mail server that does not
// answer should fail a send within seconds and say so in the logs.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl, { from, ...TIMEOUTS });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
