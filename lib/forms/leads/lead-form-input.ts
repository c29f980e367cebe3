import { FormFields, definedOnly } from "@/app/_forms/form-fields";
import { customFieldsFromForm } from "@/lib/forms/custom-fields/custom-field-form-input";

// The lead form's fields → the body the API's lead schemas validate. The form sends every
// field, so an update carries them all; updateLead records only those that changed.
export function leadInputFromForm(formData: FormData): {
  input: Record<string, unknown>;
  formatErrors: Record<string, string>;
} {
  const f = new FormFields(formData);
  const custom = customFieldsFromForm(formData);
  const input = definedOnly({
    name: f.text("name"),
    email: f.nullableText("email"),
    phone: f.nullableText("phone"),
    status: f.text("status"),
    source: f.nullableText("source"),
    interest: f.nullableText("interest"),
    budget: f.wholeNumber("budget"),
    propertyId: f.nullableText("propertyId"),
    assignedTo: f.nullableText("assignedTo"),
    tags: f.list("tags"),
    // Notes keep their inner line breaks; only an empty box clears them.
    notes: f.raw("notes") === undefined ? undefined : f.raw("notes")?.trim() ? f.raw("notes") : null,
    timezone: f.nullableText("timezone"),
    smsOptOut: f.has("smsOptOutShown") ? f.checkbox("smsOptOut") : undefined,
    customFields: custom.customFields,
  });
  return { input, formatErrors: { ...f.formatErrors, ...custom.formatErrors } };
}
