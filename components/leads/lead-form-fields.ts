import { z } from "zod";
import { LEAD_FIELDS, leadFieldEntries, type LeadFormField, type LeadFormWidget } from "@/lib/schemas/lead-fields";
import { leadCreateSchema } from "@/lib/schemas/leads";

// The lead form's inputs, derived from the field registry (lib/schemas/lead-fields.ts) and the
// API's schema: which fields, their widget, and what zod says of them (whether they may be
// empty, how long they may be). Plain data, computed on the server, so the client form needs no
// zod of its own.

export interface LeadFormFieldSpec extends LeadFormWidget {
  name: LeadFormField;
  label: string;
  /** Null is a value: an empty box clears the field. */
  nullable: boolean;
  maxLength?: number;
}

/** The zod type of a writable field, its wrappers removed (optional, nullable, and the
 * non-optional of a field the create schema requires). */
function innerType(field: LeadFormField): z.ZodType {
  let type: z.ZodType = leadCreateSchema.shape[field];
  while (type instanceof z.ZodOptional || type instanceof z.ZodNullable || type instanceof z.ZodNonOptional)
    type = type.unwrap() as z.ZodType;
  return type;
}

/** A text field's `.max()`, as the browser's maxLength. */
function maxLengthOf(field: LeadFormField): number | undefined {
  const max = (innerType(field) as { maxLength?: number | null }).maxLength;
  return typeof max === "number" && Number.isSafeInteger(max) ? max : undefined;
}

const TEXT_WIDGETS = new Set<LeadFormWidget["widget"]>(["text", "email", "tel", "textarea"]);

export const LEAD_FORM_FIELDS: readonly LeadFormFieldSpec[] = leadFieldEntries().flatMap(([field, spec]) => {
  if (!spec.form) return [];
  const name = field as LeadFormField;
  const maxLength = TEXT_WIDGETS.has(spec.form.widget) ? maxLengthOf(name) : undefined;
  return [
    {
      ...spec.form,
      name,
      label: spec.form.label ?? spec.label,
      nullable: leadCreateSchema.shape[name].safeParse(null).success,
      ...(maxLength !== undefined && { maxLength }),
    },
  ];
});

/** A value of the form: what its input holds. */
type LeadFormValue<W extends LeadFormWidget["widget"]> = W extends "checkbox"
  ? boolean
  : W extends "customFields"
    ? Record<string, unknown>
    : string;

export type LeadFormValues = {
  [K in LeadFormField]: LeadFormValue<NonNullable<(typeof LEAD_FIELDS)[K]["form"]>["widget"]>;
};
