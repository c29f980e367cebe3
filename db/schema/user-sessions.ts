import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt } from "./columns";

// Signed-in browsers. The session cookie is a JWT naming one of these rows; the row is what makes
// it good: signing out deletes it, "Sign out everywhere" and a password change or reset delete
// every row of the user, and a row past its absolute or idle limit no longer counts
// (lib/auth/sessions/). A JWT alone cannot be taken back once issued (issue 31, finding 6).
export const userSessions = pgTable(
  "user_sessions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The absolute end, fixed at sign-in: refreshing the cookie never moves it.
    expiresAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull(),
    // Last seen by a page or the session endpoint, moved at most once an hour: the idle limit.
    lastSeenAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Ending every session of a user (sign out everywhere, password change or reset).
    index("user_sessions_user_idx").on(t.userId),
  ],
);
