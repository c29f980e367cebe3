import { and, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import type { CustomFieldFilter, CustomFieldResource } from "@/lib/schemas/custom-fields";
import { customFieldsJsonb } from "./custom-field-records";
import { definitionsForWrite } from "./definitions-for-write";
import { isCalendarDate, type CustomFieldRule } from "./validate-custom-fields";

// `cf[key]=value` and `cf[key][gte|lte]=…` on GET /leads and /properties (and the web UI's
// lists). Each value is read as its field's type; a key with no definition, or a value the type
// cannot hold, is a 400 naming the parameter as it was written.

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The filter with its keys sorted: the cursor's scope must not depend on the parameters' order. */
export function canonicalCustomFieldFilter(cf: CustomFieldFilter | undefined): CustomFieldFilter | undefined {
  if (!cf || !Object.keys(cf).length) return undefined;
  return Object.fromEntries(
    Object.keys(cf)
      .sort()
      .map((k) => [k, cf[k]]),
  );
}

/** The stored value an equality parameter stands for, or an error message. */
function equalityValue(def: CustomFieldRule, raw: string): { value: unknown } | { error: string } {
  switch (def.type) {
    case "text":
      return { value: raw };
    case "number":
      return NUMBER.test(raw) ? { value: Number(raw) } : { error: "Must be a number" };
    case "boolean":
      return raw === "true" || raw === "false" ? { value: raw === "true" } : { error: "Must be true or false" };
    case "date":
      return isCalendarDate(raw) ? { value: raw } : { error: "Must be a date (YYYY-MM-DD)" };
    case "single_select":
      return def.options.includes(raw) ? { value: raw } : { error: `Must be one of: ${def.options.join(", ")}` };
    case "multi_select":
      // Records whose list has this option.
      return def.options.includes(raw) ? { value: [raw] } : { error: `Must be one of: ${def.options.join(", ")}` };
  }
}

function boundValue(def: CustomFieldRule, raw: string): { value: number | string } | { error: string } {
  if (def.type === "number") return NUMBER.test(raw) ? { value: Number(raw) } : { error: "Must be a number" };
  if (def.type === "date") return isCalendarDate(raw) ? { value: raw } : { error: "Must be a date (YYYY-MM-DD)" };
  return { error: "Only number and date fields take gte/lte" };
}

/** The SQL of the filters, or undefined when there are none. Equality is containment, which the
 * GIN index on `custom_fields::jsonb` answers; a range is a jsonpath test on the same value (a
 * value of another type never matches, it never fails). */
export async function customFieldFilterCondition(
  db: DbOrTx,
  accountId: string,
  resource: CustomFieldResource,
  cf: CustomFieldFilter | undefined,
): Promise<SQL | undefined> {
  if (!cf || !Object.keys(cf).length) return undefined;
  const definitions = new Map(
    (await definitionsForWrite(db, accountId, resource, { lock: false })).map((d) => [d.key, d]),
  );
  const column = customFieldsJsonb(resource);
  const details: ErrorDetail[] = [];
  const conditions: SQL[] = [];
  for (const [key, filter] of Object.entries(cf)) {
    const def = definitions.get(key);
    if (!def) {
      details.push({ path: `cf[${key}]`, message: "No custom field has this key (see GET /api/v1/custom-fields)" });
      continue;
    }
    if (typeof filter === "string") {
      const parsed = equalityValue(def, filter);
      if ("error" in parsed) details.push({ path: `cf[${key}]`, message: parsed.error });
      else conditions.push(sql`${column} @> ${JSON.stringify({ [key]: parsed.value })}::jsonb`);
      continue;
    }
    const tests: string[] = [];
    const vars: Record<string, unknown> = {};
    for (const op of ["gte", "lte"] as const) {
      const raw = filter[op];
      if (raw === undefined) continue;
      const parsed = boundValue(def, raw);
      if ("error" in parsed) details.push({ path: `cf[${key}][${op}]`, message: parsed.error });
      else {
        tests.push(`@ ${op === "gte" ? ">=" : "<="} $${op}`);
        vars[op] = parsed.value;
      }
    }
    if (!tests.length) {
      if (!details.some((d) => d.path.startsWith(`cf[${key}]`)))
        details.push({ path: `cf[${key}]`, message: "Give a value, or gte/lte" });
      continue;
    }
    // The key is a definition's ([a-z][a-z0-9_]*): safe inside the path; the bounds are variables.
    const path = `$."${key}" ? (${tests.join(" && ")})`;
    conditions.push(sql`jsonb_path_exists(${column}, ${path}::jsonpath, ${JSON.stringify(vars)}::jsonb)`);
  }
  if (details.length) throw new ApiError("validation_error", "A custom field filter is not valid.", details);
  return and(...conditions);
}
