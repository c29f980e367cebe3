import { boolean, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    // Stored lower-cased; sign-in looks users up by it.
    email: text().notNull(),
    name: text().notNull(),
    // scrypt, "scrypt$N$r$p$salt$hash" (see lib/auth/password.ts).
    passwordHash: text().notNull(),
    // IANA zone the web UI shows this user's times in; null: the account's zone (members an
    // owner adds never met a browser at signup). The API always speaks UTC.
    timezone: text(),
    // Set when an owner gives the member a temporary password: the app sends them to the
    // change-password form before anything else (lib/auth/get-current-member.ts).
    mustChangePassword: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in and the CLI's --email lookups.
    uniqueIndex("users_email_unique").on(t.email),
  ],
);

export type User = typeof users.$inferSelect;
