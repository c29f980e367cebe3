import { getDb } from "@/db/client";
import { getPropertyOrThrow } from "./get-property-or-throw";
import { toPublicProperty, type PublicProperty } from "./public-property";

/** A property of the account (404 otherwise), for the property page. */
export async function getProperty(accountId: string, propertyId: string): Promise<PublicProperty> {
  return toPublicProperty(await getPropertyOrThrow(await getDb(), accountId, propertyId));
}
