import { definedOnly, FormFields } from "@/app/_forms/form-fields";
import { zonedToUtc } from "@/components/visits/zoned-time";

// FormData of the booking and reschedule forms → the API's visit shapes. The day and time are
// read in the viewer's zone; the schema then sees `scheduledAt` in UTC as an API client sends it.
export function visitInputFromForm(formData: FormData, zone: string) {
  const fields = new FormFields(formData);
  const when = zonedToUtc(fields.text("date"), fields.text("time"), zone);
  const input = definedOnly({
    leadId: fields.text("leadId"),
    propertyId: fields.text("propertyId"),
    scheduledAt: when.iso,
    durationMinutes: fields.wholeNumber("durationMinutes", "Enter the length in minutes, e.g. 45") ?? undefined,
    agentId: fields.nullableText("agentId"),
    notes: fields.nullableText("notes"),
    // "Book anyway", shown to an owner after a conflict (components/visits/visit-form.tsx).
    allowConflict: fields.checkbox("allowConflict") || undefined,
  });
  // An empty choice reads better as "choose one" than as the schema's "too short".
  const choices: Record<string, string> = {};
  if (fields.has("leadId") && !input.leadId) choices.leadId = "Choose a lead.";
  if (fields.has("propertyId") && !input.propertyId) choices.propertyId = "Choose a property.";
  return { input, formatErrors: { ...fields.formatErrors, ...when.errors, ...choices } };
}
