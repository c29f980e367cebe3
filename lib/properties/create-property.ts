import { getDb } from "@/db/client";
import { properties } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import type { PropertyCreateInput } from "@/lib/schemas/properties";
import { toPropertyColumns } from "./property-columns";
import { toPublicProperty, type PublicProperty } from "./public-property";

export async function createProperty(
  account: { accountId: string; currency: string },
  input: PropertyCreateInput,
): Promise<PublicProperty> {
  const db = await getDb();
  const [property] = await db
    .insert(properties)
    .values({
      ...toPropertyColumns(input),
      id: newId("property"),
      accountId: account.accountId,
      title: input.title,
      type: input.type,
      listingType: input.listingType,
      currency: (input.currency ?? account.currency).toUpperCase(),
    })
    .returning();
  return toPublicProperty(property);
}
