import type { z } from "zod";
import { fieldErrorsOf } from "./form-errors";
import type { FormState } from "@/components/ui/form-state";

export type ParsedForm<T> = { data: T; fieldErrors?: never } | { data?: never; fieldErrors: Record<string, string> };

/** Validates a form's converted input with the API's schema; the plainer number messages of
 * the conversion (`formatErrors`) win over the schema's. */
export function parseFormInput<T>(
  schema: z.ZodType<T>,
  converted: { input: unknown; formatErrors?: Record<string, string> },
): ParsedForm<T> {
  const parsed = schema.safeParse(converted.input);
  const fieldErrors = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), ...converted.formatErrors };
  return parsed.success && Object.keys(fieldErrors).length === 0 ? { data: parsed.data } : { fieldErrors };
}

export const invalidForm = (fieldErrors: Record<string, string>, values: Record<string, string>): FormState => ({
  status: "error",
  message: "Please correct the fields marked below.",
  fieldErrors,
  values,
});
