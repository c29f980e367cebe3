import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customFieldDefinitions, type CustomFieldDefinition } from "@/db/schema";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import {
  customFieldDefinitionInput,
  type CustomFieldDefinitionInput,
  type CustomFieldResource,
  type PublicCustomFieldDefinition,
} from "@/lib/schemas/custom-fields";

// The definitions service: every query takes the account id, so another account's id is a 404.

export const toPublicCustomFieldDefinition = (d: CustomFieldDefinition): PublicCustomFieldDefinition => ({
  id: d.id,
  resource: d.resource,
  key: d.key,
  label: d.label,
  type: d.type,
  options: d.options,
  required: d.required,
  position: d.position,
});

/** An account's definitions, in form order (one indexed read). */
export async function listCustomFieldDefinitions(
  accountId: string,
  resource?: CustomFieldResource,
): Promise<CustomFieldDefinition[]> {
  const db = await getDb();
  return db
    .select()
    .from(customFieldDefinitions)
    .where(
      and(
        eq(customFieldDefinitions.accountId, accountId),
        resource ? eq(customFieldDefinitions.resource, resource) : undefined,
      ),
    )
    .orderBy(
      asc(customFieldDefinitions.resource),
      asc(customFieldDefinitions.position),
      asc(customFieldDefinitions.key),
    );
}

export async function createCustomFieldDefinition(
  accountId: string,
  input: CustomFieldDefinitionInput,
): Promise<CustomFieldDefinition> {
  const parsed = customFieldDefinitionInput.safeParse(input);
  if (!parsed.success)
    throw new ApiError(
      "validation_error",
      "The custom field is not valid.",
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  const d = parsed.data;
  const db = await getDb();
  const [row] = await db
    .insert(customFieldDefinitions)
    .values({
      id: newId("customField"),
      accountId,
      ...d,
      position: sql`(select coalesce(max(${customFieldDefinitions.position}), -1) + 1 from ${customFieldDefinitions} where ${customFieldDefinitions.accountId} = ${accountId} and ${customFieldDefinitions.resource} = ${d.resource})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new ApiError("validation_error", "A custom field with this key already exists.", [
      { path: "key", message: `\`${d.key}\` is already used for this resource` },
    ]);
  return row;
}

/** Deletes a definition; records keep their stored values, which no answer shows any more. */
export async function deleteCustomFieldDefinition(accountId: string, id: string): Promise<void> {
  const db = await getDb();
  const rows = await db
    .delete(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.id, id)))
    .returning({ id: customFieldDefinitions.id });
  if (rows.length === 0) throw notFound("Custom field");
}
