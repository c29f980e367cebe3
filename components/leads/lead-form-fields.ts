import { LEAD_FIELDS, leadFieldEntries, type LeadFormField, type LeadFormWidget } from "@/lib/schemas/lead-fields";
import { leadCreateSchema } from "@/lib/schemas/leads";
import { acceptsNull, maxLengthOf } from "@/components/ui/zod-field-facts";

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

const TEXT_WIDGETS = new Set<LeadFormWidget["widget"]>(["text", "email", "tel", "textarea"]);

export const LEAD_FORM_FIELDS: readonly LeadFormFieldSpec[] = leadFieldEntries().flatMap(([field, spec]) => {
  if (!spec.form) return [];
  const name = field as LeadFormField;
  const maxLength = TEXT_WIDGETS.has(spec.form.widget) ? maxLengthOf(leadCreateSchema.shape[name]) : undefined;
  return [
    {
      ...spec.form,
      name,
      label: spec.form.label ?? spec.label,
      nullable: acceptsNull(leadCreateSchema.shape[name]),
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
