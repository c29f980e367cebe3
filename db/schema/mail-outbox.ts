import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// The embedded default's mail: with no SMTP_URL nothing is sent, and each email is kept here and
// shown at /dev/mail, as the SMS `log` provider keeps its messages. Production (SMTP) never
// writes to it. Not scoped by account: a password reset mail goes to someone not signed in.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text().primaryKey(),
    from: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // The outbox page, newest first.
    index("mail_outbox_created_idx").on(t.createdAt, t.id),
  ],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
