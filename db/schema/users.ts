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
    // IANA zone the web UI shows this user's times in; null: the account's zone (members who
    // join by invite never met a browser at signup). The API always speaks UTC.
    timezone: text(),
    // Neither read nor written any more (temporary passwords went with team invites), but the
    // release before reads it until the last of its processes is replaced: dropped a release
    // later, as the README's deploy without downtime says (expand, then contract).
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
