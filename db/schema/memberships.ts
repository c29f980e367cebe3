import { index, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./users";
import { createdAt } from "./columns";
import { ROLES } from "../enums";

export const roleEnum = pgEnum("role", ROLES);

// Which users belong to which account, and as what.
export const memberships = pgTable(
  "memberships",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The team page lists an account's members; also forbids a duplicate membership.
    uniqueIndex("memberships_account_user_unique").on(t.accountId, t.userId),
    // Sign-in resolves a user's account.
    index("memberships_user_idx").on(t.userId),
  ],
);

export type Membership = typeof memberships.$inferSelect;
