import { type Role } from "@/lib/domain/enums";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

export interface MembershipRef {
  userId: string;
  accountId: string;
  role: Role;
  name: string;
  email: string;
}

// Resolves a user's account and role from their email (sign-in and the CLI's --email flags).
export async function getMembershipByEmailOrThrow(email: string, db?: DbOrTx): Promise<MembershipRef> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({
      userId: users.id,
      accountId: memberships.accountId,
      role: memberships.role,
      name: users.name,
      email: users.email,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!row) throw notFound("User");
  return row;
}
