import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { memberships, users } from "@/db/schema";

export interface AgentAvailability {
  userId: string;
  name: string;
  available: boolean;
}

/** Settings → Lead routing: the account's active members, who rules may name, and whether round
 * robin gives them leads now. */
export async function listAgentAvailability(accountId: string): Promise<AgentAvailability[]> {
  const db = await getDb();
  return db
    .select({ userId: users.id, name: users.name, available: memberships.available })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.active, true)))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}
