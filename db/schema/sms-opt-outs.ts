import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { smsMessages } from "./sms-messages";
import { createdAt } from "./columns";

// A recipient's own opt-out (STOP), kept per (account, their number, our sending number): under
// the TCPA and carrier rules it belongs to the person's number, not to the lead record that
// happened to receive it, so a new lead with the same phone (another format, a batch, a CSV
// import) is not texted either. `sender` is the account's own number (E.164), or `shared` for the
// installation's shared number (lib/sms/sms-sender.ts). START deletes the row.
export const smsOptOuts = pgTable(
  "sms_opt_outs",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // E.164.
    phone: text().notNull(),
    sender: text().notNull(),
    // The inbound STOP that made it, when it was this account's message (a STOP on the shared
    // number also opts out the other accounts that texted the phone from it: null there).
    smsId: text().references(() => smsMessages.id, { onDelete: "set null" }),
    // The keyword as sent (STOP, UNSUBSCRIBE…); null for rows carried over from lead-level opt-outs.
    keyword: text(),
    createdAt: createdAt(),
  },
  // The key is also the lookup of every send, scheduling and scheduled send.
  (t) => [primaryKey({ columns: [t.accountId, t.phone, t.sender] })],
);

export type SmsOptOut = typeof smsOptOuts.$inferSelect;
