import type { CustomFieldDefinition } from "@/db/schema";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";

// Checks a record's `customFields` against the account's definitions. Every problem becomes one
// detail naming `customFields.<key>`, so a form or an integrator can point at the field.

type Values = Record<string, unknown>;
type Definition = Pick<CustomFieldDefinition, "key" | "type" | "options" | "required">;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function problem(def: Definition, value: unknown): string | null {
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
      return typeof value === "string" &&
        DATE.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
        ? null
        : "Must be a date (YYYY-MM-DD)";
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

/**
 * The values to store. On create, `input` is the whole set and required fields must be present;
 * on update, `input` is merged into `stored` (null clears a key) and required fields may not be
 * cleared. Stored values of deleted definitions are kept as they are.
 */
export function validateCustomFields(
  definitions: readonly Definition[],
  input: Values | undefined,
  stored: Values | null,
): Values {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const details: ErrorDetail[] = [];
  const result: Values = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(input ?? {})) {
    const def = byKey.get(key);
    if (!def) {
      details.push({
        path: `customFields.${key}`,
        message: "No custom field has this key (see GET /api/v1/custom-fields)",
      });
      continue;
    }
    if (value === null) {
      delete result[key];
      continue;
    }
    const message = problem(def, value);
    if (message) details.push({ path: `customFields.${key}`, message });
    else result[key] = def.type === "multi_select" ? [...new Set(value as string[])] : value;
  }
  for (const def of definitions) {
    if (!def.required || details.some((d) => d.path === `customFields.${def.key}`)) continue;
    const missing = result[def.key] === undefined;
    // On update, a required field only has to stay set if it is touched or was set.
    const touched = stored === null || (input !== undefined && def.key in input);
    if (missing && touched) details.push({ path: `customFields.${def.key}`, message: "Required" });
  }
  if (details.length > 0) throw new ApiError("validation_error", "Some custom fields are not valid.", details);
  return result;
}

/** What an answer shows: only the keys that still have a definition. */
export function visibleCustomFields(definitions: readonly Pick<Definition, "key">[], stored: Values): Values {
  const out: Values = {};
  for (const { key } of definitions) if (stored[key] !== undefined) out[key] = stored[key];
  return out;
}
