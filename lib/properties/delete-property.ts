import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { properties } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { notFound } from "@/lib/errors/api-error";
import { recordEvent } from "@/lib/events/record-event";
import { toPublicProperty } from "./public-property";

// Properties are the one resource the API removes. Visits keep their history and leads their
// row: both foreign keys are ON DELETE SET NULL. The property.deleted event keeps its last shape.
export async function deleteProperty(
  accountId: string,
  propertyId: string,
  actor: Actor,
): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  return inTransaction(db, async (tx) => {
    const [deleted] = await tx
      .delete(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
      .returning();
    if (!deleted) throw notFound("Property");
    await recordEvent(tx, accountId, actor, {
      type: "property.deleted",
      object: { ...toPublicProperty(deleted), deleted: true },
    });
    return { id: propertyId, deleted: true };
  });
}
