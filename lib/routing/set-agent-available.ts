import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { memberships } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

/** Marks a member available or not for lead routing: round robin skips them while unavailable. */
export async function setAgentAvailable(accountId: string, userId: string, available: boolean): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(memberships)
    .set({ available })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  if (!row) throw notFound("Member");
}
