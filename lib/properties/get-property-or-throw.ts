import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { properties, type Property } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { toPublicProperty, type PublicProperty } from "./public-property";

// A property of the account, else 404 (also for another account's id): the table's row for
// services, and the public shape for pages and the API (as lib/leads/get-lead-or-throw.ts).

/** The property's row. */
export async function getPropertyOrThrow(db: DbOrTx, accountId: string, propertyId: string): Promise<Property> {
  const [property] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
    .limit(1);
  if (!property) throw notFound("Property");
  return property;
}

/** The property as the API shows it. */
export async function getPublicPropertyOrThrow(accountId: string, propertyId: string): Promise<PublicProperty> {
  return toPublicProperty(await getPropertyOrThrow(await getDb(), accountId, propertyId));
}
