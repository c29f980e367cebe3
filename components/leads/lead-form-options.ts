import type { PublicLead } from "@/lib/leads/public-lead";
import { LEAD_FIELDS, type LeadFieldSpec } from "@/lib/schemas/lead-fields";
import { listPropertyOptions } from "@/lib/properties/list-property-options";
import { listMembers } from "@/lib/users/list-members";
import { assigneeOptions } from "@/components/team/assignee-options";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { toUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import type { Option } from "@/lib/accounts/region-options";
import { timeZoneOptions } from "@/lib/accounts/time-zone-options";
import { LEAD_FORM_FIELDS, type LeadFormFieldSpec, type LeadFormValues } from "./lead-form-fields";

// What the lead form needs from the server: its fields (lead-form-fields.ts), their choices, and
// a lead's values as form text.

const optionsOf = (labels: Readonly<Record<string, string>>): Option[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export async function leadFormOptions(
  accountId: string,
  current: { propertyId?: string | null; timezone?: string | null; assignedTo?: string | null } = {},
  /** A new lead left without an assignee goes through lead routing (Settings → Lead routing). */
  { creating = false }: { creating?: boolean } = {},
) {
  const [properties, members, customFields] = await Promise.all([
    listPropertyOptions(accountId, current.propertyId),
    listMembers(accountId),
    listCustomFieldDefinitions(accountId, "lead"),
  ]);
  return {
    fields: LEAD_FORM_FIELDS,
    statuses: optionsOf(LEAD_FIELDS.status.values),
    interests: [{ value: "", label: "Not known" }, ...optionsOf(LEAD_FIELDS.interest.values)],
    properties: [{ value: "", label: "None" }, ...properties.map((p) => ({ value: p.id, label: p.label }))],
    members: [
      { value: "", label: creating ? "Unassigned: lead routing decides" : "Unassigned" },
      ...assigneeOptions(members, current.assignedTo),
    ],
    // Empty: quiet hours read the zone from the phone number (lib/sms/quiet-hours/lead-time-zones.ts).
    timeZones: [{ value: "", label: "From the phone number" }, ...withCurrentZone(timeZoneOptions(), current.timezone)],
    // The account's custom fields for leads, in form order.
    customFields: customFields.map(toUiDefinition),
  };
}

/** The runtime lists canonical zones only; a lead saved through the API with an alias the API
 * accepts (US/Pacific) keeps it as a choice, or the next save of the form would clear it. */
function withCurrentZone(options: Option[], zone: string | null | undefined): Option[] {
  if (!zone || options.some((option) => option.value === zone)) return options;
  return [{ value: zone, label: zone.replaceAll("_", " ") }, ...options];
}

/** A value as its input holds it; a new lead's are empty, a select over a required enum at its
 * first value (status: new). */
function formValueOf(field: LeadFormFieldSpec, lead: PublicLead | undefined): unknown {
  const value: unknown = lead?.[field.name];
  switch (field.widget) {
    case "checkbox":
      return value ?? false;
    case "customFields":
      return value ?? {};
    case "list":
      return Array.isArray(value) ? value.join(", ") : "";
    case "money":
      return value === null || value === undefined ? "" : String(value);
    default: {
      const spec: LeadFieldSpec = LEAD_FIELDS[field.name];
      return value ?? (field.nullable ? "" : (Object.keys(spec.values ?? {})[0] ?? ""));
    }
  }
}

export function leadFormValues(lead?: PublicLead): LeadFormValues {
  return Object.fromEntries(LEAD_FORM_FIELDS.map((field) => [field.name, formValueOf(field, lead)])) as LeadFormValues;
}
