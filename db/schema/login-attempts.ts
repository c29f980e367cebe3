import { boolean, index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// Sign-in attempts, for throttling: 10 failures for one email in 15 minutes locks it for 15.
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    succeeded: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Counting recent failures for one email at each sign-in.
    index("login_attempts_email_created_idx").on(t.email, t.createdAt),
  ],
);
