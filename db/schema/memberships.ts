import { boolean, index, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    // An owner deactivates a member who leaves: they cannot sign in (their sessions end), nothing
    // can be assigned to them, and their history keeps their name (lib/users/set-member-active.ts).
    active: boolean().notNull().default(true),
    // Lead routing's round robin skips a member marked unavailable (away, on leave) until they are
    // back; they can still sign in and be assigned by hand (lib/routing).
    available: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // The team page lists an account's members; also forbids a duplicate membership.
    uniqueIndex("memberships_account_user_unique").on(t.accountId, t.userId),
    // GET /api/v1/users pages an account's members by (createdAt, user id).
    index("memberships_account_created_idx").on(t.accountId, t.createdAt, t.userId),
    // Sign-in resolves a user's account.
    index("memberships_user_idx").on(t.userId),
  ],
);

export type Membership = typeof memberships.$inferSelect;
