import { type Role } from "@/lib/domain/enums";
import { asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { memberships, users } from "@/db/schema";

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: Date;
  /** False once an owner deactivated them: listed (their name still labels what they did), never
   * offered as an assignee. */
  active: boolean;
}

// The team page: an account's people, in the order they joined. Never selects password hashes.
export async function listMembers(accountId: string, db?: DbOrTx): Promise<TeamMember[]> {
  const conn = db ?? (await getDb());
  return conn
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      active: memberships.active,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}
