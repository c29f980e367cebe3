import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

/** A member of the account with their name and role, their membership locked for the rest of the
 * transaction; another account's member is a 404, like a missing one. */
export async function lockTeamMember(tx: DbOrTx, accountId: string, userId: string) {
  const [member] = await tx
    .select({
      userId: users.id,
      role: memberships.role,
      active: memberships.active,
      name: users.name,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1)
    .for("update", { of: memberships });
  if (!member) throw notFound("Team member");
  return member;
}
