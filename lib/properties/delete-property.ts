import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { properties } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

// Properties are the one resource the API removes. Visits keep their history and leads their
// row: both foreign keys are ON DELETE SET NULL.
export async function deleteProperty(accountId: string, propertyId: string): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  const deleted = await db
    .delete(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
    .returning({ id: properties.id });
  if (!deleted.length) throw notFound("Property");
  return { id: propertyId, deleted: true };
}
