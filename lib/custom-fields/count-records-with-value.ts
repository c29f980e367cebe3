import { getDb } from "@/db/client";
import { countRecords, holdsKey } from "./custom-field-records";
/** How many of the account's records hold a value for the definition (the delete's confirm). */
export async function countRecordsWithValue(
  accountId: string,
  definition: { resource: "lead" | "property"; key: string },
): Promise<number> {
  const db = await getDb();
  return countRecords(db, accountId, definition.resource, holdsKey(definition.resource, definition.key));
}
