import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customFieldDefinitions, type CustomFieldDefinition } from "@/db/schema";
import { changedFields, recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import { customFieldDefinitionUpdateInput, type CustomFieldDefinitionUpdateInput } from "@/lib/schemas/custom-fields";
import { definitionAuditTarget, lockDefinitionOrThrow } from "./custom-field-definitions";
import { countRecords, holdsOption, refreshRequiredFlag } from "./custom-field-records";

const SELECTS = new Set(["single_select", "multi_select"]);
const RECORD_NOUN = { lead: ["lead", "leads"], property: ["property", "properties"] } as const;

function invalid(details: ErrorDetail[]): ApiError {
  return new ApiError("validation_error", "The custom field is not valid.", details);
}

/** Checks the new options: a select keeps at least one, unique; an option that records still
 * use cannot be removed (their value would no longer be one of the options). The definition is
 * locked, so no write can start using a removed option meanwhile (definitions-for-write.ts). */
async function assertOptionsAllowed(
  tx: Parameters<typeof countRecords>[0],
  before: CustomFieldDefinition,
  options: string[],
): Promise<void> {
  const isSelect = SELECTS.has(before.type);
  if (!isSelect && options.length) throw invalid([{ path: "options", message: "Only selects have options" }]);
  if (isSelect && !options.length) throw invalid([{ path: "options", message: "A select needs at least one option" }]);
  if (new Set(options).size !== options.length) throw invalid([{ path: "options", message: "Options must be unique" }]);
  const removed = before.options.filter((o) => !options.includes(o));
  const details: ErrorDetail[] = [];
  for (const option of removed) {
    const condition = holdsOption(before.resource, before.key, option, before.type === "multi_select");
    const n = await countRecords(tx, before.accountId, before.resource, condition);
    const [one, many] = RECORD_NOUN[before.resource];
    if (n > 0)
      details.push({
        path: "options",
        message: `"${option}" is the value of ${n} ${n === 1 ? one : many}: change their value before removing it`,
      });
  }
  if (details.length) throw new ApiError("validation_error", "An option in use cannot be removed.", details);
}

/** Changes a definition's label, required flag and options. Key and type never change: records
 * and integrations are built on them. */
export async function updateCustomFieldDefinition(
  accountId: string,
  id: string,
  input: CustomFieldDefinitionUpdateInput,
  actor: AuditActor,
): Promise<CustomFieldDefinition> {
  const parsed = customFieldDefinitionUpdateInput.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  const next = parsed.data;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockDefinitionOrThrow(tx, accountId, id);
    await assertOptionsAllowed(tx, before, next.options);
    const changes = changedFields({ label: before.label, required: before.required, options: before.options }, next);
    if (!Object.keys(changes).length) return before;
    const [after] = await tx
      .update(customFieldDefinitions)
      .set(next)
      .where(and(eq(customFieldDefinitions.id, id), eq(customFieldDefinitions.accountId, accountId)))
      .returning();
    if (changes.required && before.resource === "lead") await refreshRequiredFlag(tx, accountId);
    await recordAudit(tx, accountId, actor, {
      action: "custom_field.updated",
      target: definitionAuditTarget(after),
      changes,
    });
    return after;
  });
}

/** Moves a definition one place up or down among its resource's fields (form order). */
export async function moveCustomFieldDefinition(
  accountId: string,
  id: string,
  direction: "up" | "down",
  actor: AuditActor,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const moved = await lockDefinitionOrThrow(tx, accountId, id);
    // The resource's fields, locked, in their order; renumbered 0…n-1 with the two swapped.
    const siblings = await tx
      .select({
        id: customFieldDefinitions.id,
        position: customFieldDefinitions.position,
        key: customFieldDefinitions.key,
      })
      .from(customFieldDefinitions)
      .where(and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.resource, moved.resource)))
      .orderBy(customFieldDefinitions.position, customFieldDefinitions.key)
      .for("update");
    const at = siblings.findIndex((s) => s.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= siblings.length) return;
    [siblings[at], siblings[to]] = [siblings[to], siblings[at]];
    for (const [position, sibling] of siblings.entries()) {
      if (sibling.position === position) continue;
      await tx.update(customFieldDefinitions).set({ position }).where(eq(customFieldDefinitions.id, sibling.id));
    }
    await recordAudit(tx, accountId, actor, {
      action: "custom_field.updated",
      target: definitionAuditTarget(moved),
      changes: { position: [at, to] },
    });
  });
}
