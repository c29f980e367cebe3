import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt, nullableTimestamp } from "./columns";

// "Forgot password?" links. Only the SHA-256 of the token is kept: the link in the email is the
// one copy of the token itself. A token works once, until expiresAt, and a reset or a password
// change marks every other outstanding token of the user used as well.
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Hex SHA-256 of the token in the link.
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull(),
    // When it was used, or made void by another reset or a password change.
    usedAt: nullableTimestamp(),
    createdAt: createdAt(),
  },
  (t) => [
    // The reset page finds its token by the link's hash.
    uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
    // Voiding a user's outstanding tokens.
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);
