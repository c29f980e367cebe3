import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { roleEnum } from "./memberships";
import { users } from "./users";
import { createdAt, nullableTimestamp } from "./columns";

// Settings → Team's invites by email (lib/invites). As with password reset links, only the
// SHA-256 of the token is kept: the link in the email is the one copy. A resend replaces the hash
// (the old link dies), a revoke or an acceptance closes the invite for good.
export const teamInvites = pgTable(
  "team_invites",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // Lower-cased: the login the invitee gets has it.
    email: text().notNull(),
    role: roleEnum().notNull(),
    // Hex SHA-256 of the token in the latest link sent.
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull(),
    // Who invited, for the list; null once that login is gone (the audit log keeps the name).
    invitedByUserId: text().references(() => users.id, { onDelete: "set null" }),
    // Mails sent for this invite (the first and each resend): resends are bounded by it.
    sendCount: integer().notNull().default(1),
    lastSentAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
    acceptedAt: nullableTimestamp(),
    revokedAt: nullableTimestamp(),
    createdAt: createdAt(),
  },
  (t) => [
    // The invite page finds its invite by the link's hash.
    uniqueIndex("team_invites_token_hash_unique").on(t.tokenHash),
    // One open invite per address per account; also the team page's pending list and the cap's count.
    uniqueIndex("team_invites_open_email_unique")
      .on(t.accountId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export type TeamInvite = typeof teamInvites.$inferSelect;
