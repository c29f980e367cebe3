import { FormFields, definedOnly } from "@/app/_forms/form-fields";
import { customFieldsFromForm } from "@/app/_forms/custom-field-form-input";
import { LEAD_FORM_FIELDS, type LeadFormFieldSpec } from "@/components/leads/lead-form-fields";

// The lead form's fields → the body the API's lead schemas validate, each read as its widget
// sends it (lead-form-fields.ts, from the field registry). The form sends every field, so an
// update carries them all; updateLead records only those that changed.

function valueOf(f: FormFields, field: LeadFormFieldSpec): unknown {
  const { name } = field;
  switch (field.widget) {
    case "money":
      return f.wholeNumber(name);
    case "list":
      return f.list(name);
    // Keeps its inner line breaks; only an empty box clears it.
    case "textarea": {
      const raw = f.raw(name);
      return raw === undefined ? undefined : raw.trim() || !field.nullable ? raw : null;
    }
    // Read only when the form showed the box (an unchecked box sends nothing).
    case "checkbox":
      return f.has(`${name}Shown`) ? f.checkbox(name) : undefined;
    // Read by customFieldsFromForm.
    case "customFields":
      return undefined;
    default:
      return field.nullable ? f.nullableText(name) : f.text(name);
  }
}

export function leadInputFromForm(formData: FormData): {
  input: Record<string, unknown>;
  formatErrors: Record<string, string>;
} {
  const f = new FormFields(formData);
  const custom = customFieldsFromForm(formData);
  const input = definedOnly({
    ...Object.fromEntries(LEAD_FORM_FIELDS.map((field) => [field.name, valueOf(f, field)])),
    customFields: custom.customFields,
  });
  return { input, formatErrors: { ...f.formatErrors, ...custom.formatErrors } };
}
