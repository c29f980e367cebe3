import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { customFieldDefinitions, type CustomFieldDefinition } from "@/db/schema";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import {
  customFieldDefinitionInput,
  type CustomFieldDefinitionInput,
  type CustomFieldResource,
  type PublicCustomFieldDefinition,
} from "@/lib/schemas/custom-fields";
import { countRecords, holdsKey, refreshRequiredFlag, stripKey } from "./custom-field-records";

// The definitions service: every query takes the account id, so another account's id is a 404.
// Changes are the owners' (Settings → Custom fields) and each writes its audit entry.

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

/** The definition, locked for the change, or a 404 (another account's included). */
export async function lockDefinitionOrThrow(tx: DbOrTx, accountId: string, id: string): Promise<CustomFieldDefinition> {
  const [row] = await tx
    .select()
    .from(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.id, id)))
    .for("update");
  if (!row) throw notFound("Custom field");
  return row;
}

/** Changes made by code rather than a person (fixtures, the seed). */
const SYSTEM_ACTOR: AuditActor = { type: "system", id: null, label: "System", ...UNKNOWN_CLIENT };

export const definitionAuditTarget = (d: CustomFieldDefinition) => ({
  type: "custom_field",
  id: d.id,
  label: `${d.resource} · ${d.key}`,
});

export async function createCustomFieldDefinition(
  accountId: string,
  input: CustomFieldDefinitionInput,
  actor: AuditActor = SYSTEM_ACTOR,
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
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    if (row.required) await refreshRequiredFlag(tx, accountId);
    await recordAudit(tx, accountId, actor, {
      action: "custom_field.created",
      target: definitionAuditTarget(row),
      changes: {
        label: [null, row.label],
        type: [null, row.type],
        options: [null, row.options],
        required: [null, row.required],
      },
    });
    return row;
  });
}

/**
 * Deletes a definition and, in the same transaction, its key from every record of the account
 * that holds one: a later field with the same key (of another type, say) starts empty instead of
 * finding another field's values, and no answer shows a value no definition explains. Writes
 * that use the definition hold it FOR SHARE (definitions-for-write.ts), so none can add the key
 * back after the strip. Answers how many records lost a value.
 */
export async function deleteCustomFieldDefinition(
  accountId: string,
  id: string,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const definition = await lockDefinitionOrThrow(tx, accountId, id);
    const holding = await countRecords(
      tx,
      accountId,
      definition.resource,
      holdsKey(definition.resource, definition.key),
    );
    if (holding) await stripKey(tx, accountId, definition.resource, definition.key);
    await tx
      .delete(customFieldDefinitions)
      .where(and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.id, id)));
    if (definition.required && definition.resource === "lead") await refreshRequiredFlag(tx, accountId);
    await recordAudit(tx, accountId, actor, {
      action: "custom_field.deleted",
      target: definitionAuditTarget(definition),
      changes: { key: [definition.key, null], type: [definition.type, null], recordsWithValue: [holding, 0] },
    });
    return holding;
  });
}
