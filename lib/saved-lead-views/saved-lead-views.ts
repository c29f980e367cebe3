import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Tx } from "@/db/client";
import { savedLeadViews, type SavedLeadView } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import { inTransaction } from "@/lib/query/after-commit";
import { violatedUniqueIndex } from "@/lib/query/unique-violation";

// A member's saved views of the leads list: named filters, their own, in one account. Every query
// takes the account and the member: another member's view, or another account's, is a 404.

/** The most views one member keeps: the row above the list stays a row. */
export const SAVED_VIEW_LIMIT = 50;

export const savedViewNameSchema = z
  .string()
  .trim()
  .min(1, { error: "Name the view (1–60 characters)" })
  .max(60, { error: "At most 60 characters" });

interface Owner {
  accountId: string;
  userId: string;
}

const mine = (owner: Owner) =>
  and(eq(savedLeadViews.accountId, owner.accountId), eq(savedLeadViews.userId, owner.userId));

export async function listSavedLeadViews(owner: Owner): Promise<SavedLeadView[]> {
  const db = await getDb();
  return db.select().from(savedLeadViews).where(mine(owner)).orderBy(asc(savedLeadViews.createdAt));
}

function nameTaken(error: unknown, name: string): never {
  if (violatedUniqueIndex(error) === "saved_lead_views_user_name_unique") {
    const message = `You already have a view called “${name}”. Pick another name.`;
    throw new ApiError("validation_error", message, [{ path: "name", message }]);
  }
  throw error;
}

/** Saves the list's filters (its URL parameters) under a new name; answers the view. */
export async function saveLeadView(owner: Owner, name: string, params: Record<string, string>): Promise<SavedLeadView> {
  const db = await getDb();
  try {
    return await inTransaction(db, async (tx: Tx) => {
      // One member's saves in turn, so two at once cannot both pass the count at the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-lead-views:${owner.userId}`}))`);
      const [held] = await tx.select({ n: count() }).from(savedLeadViews).where(mine(owner));
      if ((held?.n ?? 0) >= SAVED_VIEW_LIMIT) {
        const message = `You have ${SAVED_VIEW_LIMIT} saved views, the most you can keep. Delete one first.`;
        throw new ApiError("validation_error", message, [{ path: "name", message }]);
      }
      const [view] = await tx
        .insert(savedLeadViews)
        .values({ id: newId("savedLeadView"), ...owner, name, params })
        .returning();
      return view;
    });
  } catch (error) {
    return nameTaken(error, name);
  }
}

export async function renameLeadView(owner: Owner, id: string, name: string): Promise<SavedLeadView> {
  const db = await getDb();
  try {
    const [view] = await db
      .update(savedLeadViews)
      .set({ name })
      .where(and(eq(savedLeadViews.id, id), mine(owner)))
      .returning();
    if (!view) throw notFound("Saved view");
    return view;
  } catch (error) {
    return nameTaken(error, name);
  }
}

export async function deleteLeadView(owner: Owner, id: string): Promise<void> {
  const db = await getDb();
  const [gone] = await db
    .delete(savedLeadViews)
    .where(and(eq(savedLeadViews.id, id), mine(owner)))
    .returning({ id: savedLeadViews.id });
  if (!gone) throw notFound("Saved view");
}
