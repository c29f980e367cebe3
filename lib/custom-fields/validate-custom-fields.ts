import type { CustomFieldDefinition } from "@/db/schema";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import type { CustomFieldValues } from "@/lib/schemas/custom-fields";

// Checks a record's `customFields` against the account's definitions. Every problem becomes one
// detail naming `customFields.<key>`, so a form or an integrator can point at the field.

type Input = Record<string, unknown>;
export type CustomFieldRule = Pick<CustomFieldDefinition, "key" | "type" | "options" | "required">;

/**
 * - create: `input` is the whole set; required fields must be given.
 * - update: `input` is merged into `stored` (null clears a key); a required field may not be
 *   cleared, and must be given if it is touched.
 * - fill (intake, CSV merge): only keys `stored` lacks take the input's value; null and
 *   missing required fields are ignored: an inquiry is never lost for want of a custom field.
 */
export type CustomFieldsMode = "create" | "update" | "fill";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

function problem(def: CustomFieldRule, value: unknown): string | null {
  switch (def.type) {
    case "text":
      return typeof value === "string" && value.length <= 10_000
        ? null
        : "Must be a string (at most 10,000 characters)";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "Must be a number";
    case "boolean":
      return typeof value === "boolean" ? null : "Must be true or false";
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? null : "Must be a date (YYYY-MM-DD)";
    case "single_select":
      return typeof value === "string" && def.options.includes(value)
        ? null
        : `Must be one of: ${def.options.join(", ")}`;
    case "multi_select":
      return Array.isArray(value) && value.every((v) => typeof v === "string" && def.options.includes(v))
        ? null
        : `Must be a list of: ${def.options.join(", ")}`;
  }
}

/** The values to store (see CustomFieldsMode), or a 400 listing every problem. */
export function validateCustomFields(
  definitions: readonly CustomFieldRule[],
  input: Input | undefined,
  stored: CustomFieldValues | null,
  mode: CustomFieldsMode = stored === null ? "create" : "update",
): CustomFieldValues {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const details: ErrorDetail[] = [];
  const result: CustomFieldValues = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(input ?? {})) {
    const def = byKey.get(key);
    if (!def) {
      details.push({
        path: `customFields.${key}`,
        message: "No custom field has this key (see GET /api/v1/custom-fields)",
      });
      continue;
    }
    if (value === null || value === undefined) {
      if (mode !== "fill") delete result[key];
      continue;
    }
    const message = problem(def, value);
    if (message) details.push({ path: `customFields.${key}`, message });
    else if (mode !== "fill" || result[key] === undefined)
      result[key] = def.type === "multi_select" ? [...new Set(value as string[])] : (value as string);
  }
  if (mode !== "fill") {
    for (const def of definitions) {
      if (!def.required || details.some((d) => d.path === `customFields.${def.key}`)) continue;
      const missing = result[def.key] === undefined;
      // On update, a required field only has to stay set if it is touched.
      const touched = mode === "create" || (input !== undefined && def.key in input);
      if (missing && touched) details.push({ path: `customFields.${def.key}`, message: "Required" });
    }
  }
  if (details.length > 0) throw new ApiError("validation_error", "Some custom fields are not valid.", details);
  return result;
}
