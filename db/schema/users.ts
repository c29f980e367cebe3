import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    // IANA zone the web UI shows this user's times in; null: the account's zone (members who
    // join by invite never met a browser at signup). The API always speaks UTC.
    timezone: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in and the CLI's --email lookups.
    uniqueIndex("users_email_unique").on(t.email),
  ],
);

export type User = typeof users.$inferSelect;
