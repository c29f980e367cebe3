import { getDb, type DbOrTx } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import type { MailSender } from "./mail-sender";

// The embedded default: nothing leaves the machine. Each email is kept in mail_outbox and shown
// at /dev/mail, where a developer (or an e2e test) opens the reset link.
export function createOutboxSender(from: string, db?: DbOrTx): MailSender {
  return {
    kind: "outbox",
    async send(message) {
      const conn = db ?? (await getDb());
      await conn.insert(mailOutbox).values({
        id: newId("mail"),
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
  };
}
