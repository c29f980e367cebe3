import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customFieldDefinitions } from "@/db/schema";
import type { CustomFieldResource, CustomFieldValues } from "@/lib/schemas/custom-fields";
import { validateCustomFields, type CustomFieldRule, type CustomFieldsMode } from "./validate-custom-fields";

/**
 * The account's definitions of a resource, for a write. Inside the write's transaction they are
 * read FOR SHARE: deleting a definition (which strips its key from every record) or removing
 * an option (refused while records use it) waits for this write to commit, and a write that
 * comes after them sees them gone. So a record never keeps a value its definitions no longer
 * allow.
 */
export async function definitionsForWrite(
  db: DbOrTx,
  accountId: string,
  resource: CustomFieldResource,
  options: { lock: boolean },
): Promise<CustomFieldRule[]> {
  const query = db
    .select({
      key: customFieldDefinitions.key,
      type: customFieldDefinitions.type,
      options: customFieldDefinitions.options,
      required: customFieldDefinitions.required,
    })
    .from(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.resource, resource)))
    .orderBy(asc(customFieldDefinitions.position), asc(customFieldDefinitions.key));
  return options.lock ? query.for("share") : query;
}

/** True when the input names at least one custom field. */
export const sendsCustomFields = (input: Record<string, unknown> | undefined): boolean =>
  input !== undefined && Object.keys(input).length > 0;

/** The values a write stores, checked in the write's transaction (see definitionsForWrite). */
export async function customFieldsForWrite(
  tx: DbOrTx,
  target: { accountId: string; resource: CustomFieldResource },
  input: Record<string, unknown> | undefined,
  stored: CustomFieldValues | null,
  mode: CustomFieldsMode,
): Promise<CustomFieldValues> {
  const definitions = await definitionsForWrite(tx, target.accountId, target.resource, { lock: true });
  return validateCustomFields(definitions, input, stored, mode);
}
