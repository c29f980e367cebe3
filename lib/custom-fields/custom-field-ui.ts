import type { CustomFieldDefinition } from "@/db/schema";
import type { CustomFieldValues } from "@/lib/schemas/custom-fields";

// What the web UI's forms, pages and filters need of a definition (plain data for client forms).
export type CustomFieldUiDefinition = Pick<CustomFieldDefinition, "key" | "label" | "type" | "options" | "required">;

export const toUiDefinition = (d: CustomFieldUiDefinition): CustomFieldUiDefinition => ({
  key: d.key,
  label: d.label,
  type: d.type,
  options: d.options,
  required: d.required,
});

// A number field's value as read on a page: 900,000 and 1,500.5, not 900000.
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/** A stored value as text, for a record's page (`""` when there is none). */
function customFieldText(definition: Pick<CustomFieldUiDefinition, "type">, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (definition.type === "boolean") return value ? "Yes" : "No";
  if (definition.type === "number" && typeof value === "number") return NUMBER.format(value);
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** Only the values whose definition exists, in the definitions' order. */
export function shownCustomFields(
  definitions: readonly CustomFieldUiDefinition[],
  values: CustomFieldValues,
): Array<{ definition: CustomFieldUiDefinition; text: string }> {
  return definitions
    .filter((d) => values[d.key] !== undefined)
    .map((definition) => ({ definition, text: customFieldText(definition, values[definition.key]) }));
}

/** An activity's `changes`, with a `customFields: [old, new]` pair spread into one
 * `customFields.<key>` pair per key whose value changed, so the timeline shows each field. */
export function spreadCustomFieldChanges(changes: Record<string, unknown>): Record<string, unknown> {
  const pair = changes.customFields;
  if (!Array.isArray(pair) || pair.length !== 2) return changes;
  const [before, after] = pair.map((v) => (v && typeof v === "object" ? (v as Record<string, unknown>) : {}));
  const rest: Record<string, unknown> = { ...changes };
  delete rest.customFields;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      rest[`customFields.${key}`] = [before[key] ?? null, after[key] ?? null];
  return rest;
}
