import { LISTING_TYPES, PROPERTY_STATUSES, PROPERTY_TYPES } from "@/lib/domain/enums";
import { LISTING_TYPE_LABELS, PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "@/lib/properties/property-labels";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { toUiDefinition, type CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";

// The property list's filter choices, and the account's custom fields for the form and the page.
// The form's own inputs and values are derived from the field registry (property-form-fields.ts).
export const PROPERTY_FORM_OPTIONS = {
  types: PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] })),
  listingTypes: LISTING_TYPES.map((t) => ({ value: t, label: LISTING_TYPE_LABELS[t] })),
  statuses: PROPERTY_STATUSES.map((s) => ({ value: s, label: PROPERTY_STATUS_LABELS[s] })),
};

/** The account's custom fields for properties, in form order, for the form and the page. */
export async function propertyCustomFields(accountId: string): Promise<CustomFieldUiDefinition[]> {
  return (await listCustomFieldDefinitions(accountId, "property")).map(toUiDefinition);
}
