import { LISTING_TYPES, PROPERTY_STATUSES, PROPERTY_TYPES } from "@/lib/domain/enums";
import { LISTING_TYPE_LABELS, PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "@/lib/properties/property-labels";
import type { PublicProperty } from "@/lib/properties/public-property";
import { areaFieldName, areaIn, type AreaUnit } from "@/lib/properties/area-units";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { toUiDefinition, type CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";

// The property form's choices, and a property's values as form text.
export const PROPERTY_FORM_OPTIONS = {
  types: PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] })),
  listingTypes: LISTING_TYPES.map((t) => ({ value: t, label: LISTING_TYPE_LABELS[t] })),
  statuses: PROPERTY_STATUSES.map((s) => ({ value: s, label: PROPERTY_STATUS_LABELS[s] })),
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

export function propertyFormValues(
  property: PublicProperty | undefined,
  currency: string,
  areaUnit: AreaUnit,
): Record<string, string> {
  return {
    title: text(property?.title),
    description: text(property?.description),
    type: property?.type ?? "apartment",
    listingType: property?.listingType ?? "sale",
    status: property?.status ?? "available",
    price: text(property?.price),
    currency: property?.currency ?? currency,
    "address.street": text(property?.address.street),
    "address.city": text(property?.address.city),
    "address.region": text(property?.address.region),
    "address.postalCode": text(property?.address.postalCode),
    "address.country": text(property?.address.country),
    bedrooms: text(property?.bedrooms),
    bathrooms: text(property?.bathrooms),
    [areaFieldName(areaUnit)]: text(property?.areaSqm == null ? null : areaIn(property.areaSqm, areaUnit)),
  };
}

/** The account's custom fields for properties, in form order, for the form and the page. */
export async function propertyCustomFields(accountId: string): Promise<CustomFieldUiDefinition[]> {
  return (await listCustomFieldDefinitions(accountId, "property")).map(toUiDefinition);
}
