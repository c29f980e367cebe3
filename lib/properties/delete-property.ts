import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { properties } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { notFound } from "@/lib/errors/api-error";
import { assertVersionMatches } from "@/lib/errors/assert-version-matches";
import { recordEvent } from "@/lib/events/record-event";
import { toPublicProperty } from "./public-property";

// Properties are the one resource the API removes. Visits keep their history and leads their
// row: both foreign keys are ON DELETE SET NULL. The property.deleted event keeps its last shape.
export async function deleteProperty(
  accountId: string,
  propertyId: string,
  actor: Actor,
  /** If-Match (lib/api/if-match.ts): the versions the property may be at; any when undefined. */
  ifMatch?: readonly number[],
): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  const scope = and(eq(properties.id, propertyId), eq(properties.accountId, accountId));
  return inTransaction(db, async (tx) => {
    // Locked first when If-Match names versions: the check and the delete see one version.
    if (ifMatch) {
      const [held] = await tx.select({ version: properties.version }).from(properties).where(scope).for("update");
      if (!held) throw notFound("Property");
      assertVersionMatches("property", held.version, ifMatch);
    }
    const [deleted] = await tx.delete(properties).where(scope).returning();
    if (!deleted) throw notFound("Property");
    // The row is gone, but its deletion is a change like any other: the event carries the next
    // version (the DELETE held the row's lock), so a receiver that applies only newer versions
    // never drops a deletion.
    await recordEvent(tx, accountId, actor, {
      type: "property.deleted",
      object: { ...toPublicProperty(deleted), version: deleted.version + 1, deleted: true },
    });
    return { id: propertyId, deleted: true };
  });
}
