import { definedOnly, FormFields } from "@/app/_forms/form-fields";
import { zonedToUtc } from "@/components/visits/zoned-time";

// FormData of the add-task and reschedule forms → the API's task shapes. The day and time are read
// in the viewer's zone, as a visit's are; the schema then sees `dueAt` in UTC as an API client
// sends it. `assignedTo` left empty means the member themselves (`me`).
export function taskInputFromForm(formData: FormData, zone: string) {
  const fields = new FormFields(formData);
  const due = zonedToUtc(fields.text("date"), fields.text("time"), zone);
  const input = definedOnly({
    title: fields.text("title"),
    type: fields.text("type") || undefined,
    dueAt: due.iso,
    assignedTo: fields.has("assignedTo") ? fields.text("assignedTo") || "me" : undefined,
    leadId: fields.nullableText("leadId") ?? undefined,
    notes: fields.nullableText("notes") ?? undefined,
  });
  return { input, formatErrors: { ...fields.formatErrors, ...due.errors } };
}
