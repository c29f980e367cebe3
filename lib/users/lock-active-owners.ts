import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { memberships } from "@/db/schema";

/** The account's active owners, locked for the rest of the transaction. Every change that could
 * leave an account without one (a demotion, a deactivation) takes these first: two such changes
 * run one after the other, and the second counts what the first left (READ COMMITTED re-checks a
 * row it waited for, so an owner the first deactivated is no longer counted). */
export async function lockActiveOwners(tx: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "owner"), eq(memberships.active, true)))
    .for("update");
  return rows.map((row) => row.userId);
}
