import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { properties } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import type { PropertyUpdateInput } from "@/lib/schemas/properties";
import { toPropertyColumns } from "./property-columns";
import { toPublicProperty, type PublicProperty } from "./public-property";

export async function updateProperty(
  accountId: string,
  propertyId: string,
  input: PropertyUpdateInput,
): Promise<PublicProperty> {
  const db = await getDb();
  const columns = toPropertyColumns(input);
  const scope = and(eq(properties.id, propertyId), eq(properties.accountId, accountId));
  // `{ address: {} }` changes nothing: answer with the property as it is.
  const [property] = Object.keys(columns).length
    ? await db.update(properties).set(columns).where(scope).returning()
    : await db.select().from(properties).where(scope).limit(1);
  if (!property) throw notFound("Property");
  return toPublicProperty(property);
}
