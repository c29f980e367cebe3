import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { properties, type Property } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";

export async function getPropertyOrThrow(db: DbOrTx, accountId: string, propertyId: string): Promise<Property> {
  const [property] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
    .limit(1);
  if (!property) throw notFound("Property");
  return property;
}
