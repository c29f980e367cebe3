// One way to send an email, two implementations: SMTP through nodemailer in production
// (smtp-sender.ts), the local outbox in the embedded default (outbox-sender.ts).

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body: every mail has one. */
  text: string;
  html?: string;
}

export interface MailSender {
  kind: "smtp" | "outbox";
  /** Sends (or keeps) the message; throws when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
}
