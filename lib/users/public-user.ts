import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, memberships, users } from "@/db/schema";
import type { PublicUser } from "@/lib/schemas/users";

/** The columns of a member's public shape (lib/schemas/users.ts), in its order; never a password
 * hash. `id` and `createdAt` are the keyset's (memberships_account_created_idx). */
const publicUserColumns = {
  id: memberships.userId,
  name: users.name,
  email: users.email,
  role: memberships.role,
  timeZone: sql<string>`coalesce(${users.timezone}, ${accounts.timezone})`,
  active: memberships.active,
  createdAt: memberships.createdAt,
};

/** The account's members with what their public shape needs; the caller adds the account scope. */
export const selectPublicUsers = (db: DbOrTx) =>
  db
    .select(publicUserColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId));

export type PublicUserRow = Omit<PublicUser, "createdAt"> & { createdAt: Date };

export const toPublicUser = (row: PublicUserRow): PublicUser => ({ ...row, createdAt: row.createdAt.toISOString() });
