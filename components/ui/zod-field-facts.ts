import { z } from "zod";

// What a form's input can read off a field's zod type, so the browser's limits are the API's
// (the lead and property forms' fields are derived this way: components/leads/lead-form-fields.ts,
// components/properties/property-form-fields.ts).

/** The type inside its wrappers (optional, nullable, and the non-optional of a required field). */
export function innerType(type: z.ZodType): z.ZodType {
  while (type instanceof z.ZodOptional || type instanceof z.ZodNullable || type instanceof z.ZodNonOptional)
    type = type.unwrap() as z.ZodType;
  return type;
}

/** A text type's `.max()`, as the browser's maxLength; undefined when it has none. */
export function maxLengthOf(type: z.ZodType): number | undefined {
  const max = (innerType(type) as { maxLength?: number | null }).maxLength;
  return typeof max === "number" && Number.isSafeInteger(max) ? max : undefined;
}

/** Null is a value of the type: an empty box clears the field. */
export const acceptsNull = (type: z.ZodType): boolean => type.safeParse(null).success;
