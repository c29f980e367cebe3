import { type Plan, type Role } from "@/lib/domain/enums";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts, memberships, users } from "@/db/schema";

export interface Member {
  userId: string;
  accountId: string;
  role: Role;
  name: string;
  email: string;
  accountName: string;
  plan: Plan;
  /** The IANA zone the web UI shows this person's times in: their own, else the account's. */
  timeZone: string;
  /** False once an owner deactivated them: getMember does not find them, sign-in refuses them. */
  active: boolean;
}

const memberColumns = {
  userId: users.id,
  accountId: memberships.accountId,
  role: memberships.role,
  name: users.name,
  email: users.email,
  accountName: accounts.name,
  plan: accounts.plan,
  timeZone: sql<string>`coalesce(${users.timezone}, ${accounts.timezone})`,
  active: memberships.active,
};

// The signed-in person as the database knows them now: a session names a user and an account,
// but the role may have changed, or the membership been removed or deactivated, since the session
// was issued. A deactivated member is not found: every page, action and owner check refuses them.
export async function getMember(accountId: string, userId: string, db?: DbOrTx): Promise<Member | undefined> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), eq(memberships.active, true)))
    .limit(1);
  return row;
}

/** The account a user signs in to (a user belongs to one account), active or not: sign-in and the
 * password reset say no to a deactivated member themselves. */
export async function findMemberByUserId(userId: string, db?: DbOrTx): Promise<Member | undefined> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt)
    .limit(1);
  return row;
}
