import { FormFields, definedOnly } from "@/app/_forms/form-fields";
import { ALL_EVENTS } from "@/lib/schemas/webhook-endpoints";

// The "Add endpoint" form → the body POST /api/v1/webhook-endpoints validates. "All events"
// subscribes to `*` (types added later included); "Choose" sends the ticked `events` boxes.
export function endpointInputFromForm(formData: FormData): {
  input: Record<string, unknown>;
  formatErrors: Record<string, string>;
} {
  const f = new FormFields(formData);
  const chosen = chosenEventTypes(formData);
  const choosing = f.raw("eventScope") === "chosen";
  const input = definedOnly({
    url: f.text("url"),
    description: f.nullableText("description"),
    events: choosing ? chosen : [ALL_EVENTS],
  });
  // The schema's message speaks of `*`, which the form calls "All events".
  const formatErrors: Record<string, string> =
    choosing && chosen.length === 0 ? { events: "Choose at least one event type, or All events." } : {};
  return { input, formatErrors };
}

/** The ticked event types; echoed back comma-separated so a failed submit keeps them ticked. */
export function chosenEventTypes(formData: FormData): string[] {
  return formData.getAll("events").filter((value): value is string => typeof value === "string");
}
