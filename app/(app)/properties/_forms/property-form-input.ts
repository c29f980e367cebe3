import { FormFields, definedOnly } from "@/app/_forms/form-fields";
import { customFieldsFromForm } from "@/app/_forms/custom-field-form-input";
import { PROPERTY_FORM_FIELDS, type PropertyFormFieldSpec } from "@/components/properties/property-form-fields";
import { sqmFromSqft } from "@/lib/properties/area-units";

// The property form's fields → the body the API's property schemas validate, each read as its
// widget sends it (property-form-fields.ts, from the field registry). Address parts arrive as
// `address.city` and so on, and go back together as the API's address object.

/** The area as the API stores it: the form of a square-feet account sends `areaSqft`. */
function area(f: FormFields): number | string | null | undefined {
  if (f.raw("areaSqft") === undefined) return f.decimal("areaSqm");
  const sqft = f.decimal("areaSqft", "Enter a number, e.g. 1,250");
  return typeof sqft === "number" ? sqmFromSqft(sqft) : sqft;
}

function valueOf(f: FormFields, field: PropertyFormFieldSpec): unknown {
  const { name } = field;
  switch (field.widget) {
    case "money":
      return f.wholeNumber(name);
    case "count":
      return f.wholeNumber(name, `Enter a whole number from 0 to ${field.max ?? 100}`);
    // The API refuses what is not a half step (2.25) with its own message on the field.
    case "halves":
      return f.decimal(name, `Enter a number from 0 to ${field.max ?? 100}, e.g. 2.5`);
    case "area":
      return area(f);
    // Empty leaves the account's currency.
    case "currency":
      return f.nullableText(name) ?? undefined;
    // Keeps its inner line breaks; only an empty box clears it.
    case "textarea": {
      const raw = f.raw(name);
      return raw === undefined ? undefined : raw.trim() || !field.nullable ? raw : null;
    }
    // Read by customFieldsFromForm.
    case "customFields":
      return undefined;
    default:
      return field.nullable ? f.nullableText(name) : f.text(name);
  }
}

export function propertyInputFromForm(formData: FormData): {
  input: Record<string, unknown>;
  formatErrors: Record<string, string>;
} {
  const f = new FormFields(formData);
  const custom = customFieldsFromForm(formData);
  const input: Record<string, unknown> = {};
  for (const field of PROPERTY_FORM_FIELDS) {
    const value = valueOf(f, field);
    if (value === undefined) continue;
    // A part (`address.city`) joins its object; parts not sent are kept by an update.
    const [key, part] = field.name.split(".");
    if (part) input[key] = { ...(input[key] as Record<string, unknown> | undefined), [part]: value };
    else input[key] = value;
  }
  return {
    input: definedOnly({ ...input, customFields: custom.customFields }),
    formatErrors: { ...f.formatErrors, ...custom.formatErrors },
  };
}
