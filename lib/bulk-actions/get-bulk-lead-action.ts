import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { bulkLeadActions, type BulkLeadAction } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

// A member's bulk actions as the leads list shows them: their own only, in their account.

/** The member's latest bulk action (the list's progress panel), or null. */
export async function getLatestBulkLeadAction(accountId: string, userId: string): Promise<BulkLeadAction | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(bulkLeadActions)
    .where(and(eq(bulkLeadActions.accountId, accountId), eq(bulkLeadActions.createdBy, userId)))
    .orderBy(desc(bulkLeadActions.createdAt))
    .limit(1);
  return row ?? null;
}

/** One of the member's bulk actions (the progress poll): another's, or another account's, is a 404. */
export async function getBulkLeadActionOrThrow(accountId: string, userId: string, id: string): Promise<BulkLeadAction> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(bulkLeadActions)
    .where(
      and(eq(bulkLeadActions.id, id), eq(bulkLeadActions.accountId, accountId), eq(bulkLeadActions.createdBy, userId)),
    );
  if (!row) throw notFound("Bulk action");
  return row;
}
