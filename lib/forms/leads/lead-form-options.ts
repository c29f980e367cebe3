import { LEAD_INTERESTS, LEAD_STATUSES } from "@/lib/domain/enums";
import { LEAD_INTEREST_LABELS, LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import type { PublicLead } from "@/lib/leads/public-lead";
import { listPropertyOptions } from "@/lib/properties/list-property-options";
import { listMembers } from "@/lib/users/list-members";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { toUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import type { Option } from "@/lib/accounts/region-options";
import { timeZoneOptions } from "@/lib/accounts/time-zone-options";

// What the lead form needs from the server: its choices, and a lead's values as form text.

export async function leadFormOptions(
  accountId: string,
  current: { propertyId?: string | null; timezone?: string | null } = {},
) {
  const [properties, members, customFields] = await Promise.all([
    listPropertyOptions(accountId, current.propertyId),
    listMembers(accountId),
    listCustomFieldDefinitions(accountId, "lead"),
  ]);
  return {
    statuses: LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
    interests: [
      { value: "", label: "Not known" },
      ...LEAD_INTERESTS.map((i) => ({ value: i, label: LEAD_INTEREST_LABELS[i] })),
    ],
    properties: [{ value: "", label: "None" }, ...properties.map((p) => ({ value: p.id, label: p.label }))],
    members: [{ value: "", label: "Unassigned" }, ...members.map((m) => ({ value: m.userId, label: m.name }))],
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

export function leadFormValues(lead?: PublicLead) {
  return {
    name: lead?.name ?? "",
    email: lead?.email ?? "",
    phone: lead?.phone ?? "",
    status: lead?.status ?? "new",
    source: lead?.source ?? "",
    interest: lead?.interest ?? "",
    budget: lead?.budget === null || lead?.budget === undefined ? "" : String(lead.budget),
    propertyId: lead?.propertyId ?? "",
    assignedTo: lead?.assignedTo ?? "",
    tags: lead?.tags.join(", ") ?? "",
    notes: lead?.notes ?? "",
    timezone: lead?.timezone ?? "",
    smsOptOut: lead?.smsOptOut ?? false,
    customFields: lead?.customFields ?? {},
  };
}
