import { getDb, type DbOrTx } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import type { MailMessage, MailSender } from "./mail-sender";

// The embedded default: nothing leaves the machine. Each email is kept in mail_outbox and shown
// at /dev/mail, where a developer (or an e2e test) opens the reset link.
export function createOutboxSender(from: string, db?: DbOrTx): MailSender {
  const row = (message: MailMessage) => ({
    id: newId("mail"),
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
  return {
    kind: "outbox",
    async send(message) {
      await (db ?? (await getDb())).insert(mailOutbox).values(row(message));
    },
    async sendMany(messages) {
      if (messages.length) await (db ?? (await getDb())).insert(mailOutbox).values(messages.map(row));
    },
  };
}
