import { FormFields, definedOnly } from "@/app/_forms/form-fields";
import { customFieldsFromForm } from "@/app/_forms/custom-field-form-input";
import { sqmFromSqft } from "@/lib/properties/area-units";

// The property form's fields → the body the API's property schemas validate. Address parts
// arrive as `address.city` and so on, and go back together as the API's address object.
// The area as the API stores it: the form of a square-feet account sends `areaSqft`.
function area(f: FormFields): number | string | null | undefined {
  if (f.raw("areaSqft") === undefined) return f.decimal("areaSqm");
  const sqft = f.decimal("areaSqft", "Enter a number, e.g. 1,250");
  return typeof sqft === "number" ? sqmFromSqft(sqft) : sqft;
}

export function propertyInputFromForm(formData: FormData): {
  input: Record<string, unknown>;
  formatErrors: Record<string, string>;
} {
  const f = new FormFields(formData);
  const custom = customFieldsFromForm(formData);
  const address = definedOnly({
    street: f.nullableText("address.street"),
    city: f.nullableText("address.city"),
    region: f.nullableText("address.region"),
    postalCode: f.nullableText("address.postalCode"),
    country: f.nullableText("address.country"),
  });
  const input = definedOnly({
    title: f.text("title"),
    description:
      f.raw("description") === undefined ? undefined : f.raw("description")?.trim() ? f.raw("description") : null,
    type: f.text("type"),
    listingType: f.text("listingType"),
    status: f.text("status"),
    price: f.wholeNumber("price"),
    currency: f.nullableText("currency") ?? undefined,
    address: Object.keys(address).length ? address : undefined,
    bedrooms: f.wholeNumber("bedrooms", "Enter a whole number from 0 to 100"),
    bathrooms: f.wholeNumber("bathrooms", "Enter a whole number from 0 to 100"),
    areaSqm: area(f),
    customFields: custom.customFields,
  });
  return { input, formatErrors: { ...f.formatErrors, ...custom.formatErrors } };
}
