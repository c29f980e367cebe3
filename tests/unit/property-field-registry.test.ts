import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { propertyInputFromForm } from "@/app/(app)/properties/_forms/property-form-input";
import { PropertyForm } from "@/components/properties/property-form";
import { PROPERTY_FORM_FIELDS, propertyFormValues } from "@/components/properties/property-form-fields";
import { PropertyDetails } from "@/components/properties/property-details";
import { PropertyFacts } from "@/components/properties/property-facts";
import { PropertySummary } from "@/components/properties/property-summary";
import { propertyCsvColumns } from "@/lib/exports/property-csv-columns";
import type { PublicProperty } from "@/lib/properties/public-property";
import { PROPERTY_FIELDS, propertyFieldEntries, type PropertyFieldName } from "@/lib/schemas/property-fields";
import { propertyCreateSchema, propertySchema, propertyUpdateSchema } from "@/lib/schemas/properties";

// Issue 33: a property's fields are declared once (lib/schemas/property-fields.ts) and the CSV
// export, the property form (inputs, defaults, reading) and the page's read view are derived from
// them. This walks each surface and fails when one misses a field of the schema that its
// registry entry puts there.

const PROPERTY: PublicProperty = {
  id: "prop_01jf3v6q2m8k4x5y7z9a0b1c2e",
  title: "Loft on 5th",
  description: "Bright, with a terrace",
  type: "apartment",
  listingType: "rent",
  status: "available",
  price: 2400,
  currency: "USD",
  address: { street: "12 5th Ave", city: "New York", region: "NY", postalCode: "10011", country: "US" },
  bedrooms: 2,
  bathrooms: 1.5,
  areaSqm: 78.5,
  externalId: "mls-7",
  customFields: { view: "park" },
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
  version: 2,
};

const OTHER: Record<string, unknown> = {
  type: "house",
  listingType: "sale",
  status: "sold",
  address: { ...PROPERTY.address, city: "Boston" },
  customFields: { view: "river" },
};

const CUSTOM = { key: "view", label: "View", type: "text" as const, options: [], required: false };

/** The same property with one field's value changed (another value of its type). */
function withOther(field: PropertyFieldName): PublicProperty {
  const value: unknown = PROPERTY[field];
  const other =
    OTHER[field] ??
    (typeof value === "number" ? value + 1 : field.endsWith("At") ? "2027-01-02T03:04:05.000Z" : `${String(value)}-x`);
  return { ...PROPERTY, [field]: other };
}

describe("the property field registry", () => {
  it("has one entry for each field of the public schema", () => {
    expect(Object.keys(PROPERTY_FIELDS).sort()).toEqual(Object.keys(propertySchema.shape).sort());
    expect(Object.keys(PROPERTY).sort()).toEqual(Object.keys(propertySchema.shape).sort());
  });

  it("exports every field marked csv: a column whose cell follows the field's value", () => {
    const columns = propertyCsvColumns([{ key: "view", label: "View", type: "text" }]);
    const cells = (property: PublicProperty) => columns.map((column) => column.cell(property));
    const headers = columns.map((column) => column.header);
    expect(new Set(headers).size).toBe(headers.length);
    for (const [field, spec] of propertyFieldEntries()) {
      const changed = cells(withOther(field)).some((cell, i) => cell !== cells(PROPERTY)[i]);
      expect({ field, exported: changed }).toEqual({ field, exported: spec.csv });
    }
    const row = Object.fromEntries(headers.map((header, i) => [header, cells(PROPERTY)[i]]));
    expect(row).toMatchObject({ Type: "Apartment", "Listing type": "For rent", City: "New York", View: "park" });
  });

  it("the form has an input for every field with a widget (each part of the address), and a property's values survive it", () => {
    for (const [field, spec] of propertyFieldEntries()) {
      const inForm = PROPERTY_FORM_FIELDS.some((input) => input.field === field);
      expect({ field, inForm }).toEqual({ field, inForm: spec.form !== null });
    }
    // A writable field left out of the form is a choice the registry states (the integrator's id).
    for (const field of Object.keys(propertyCreateSchema.shape)) expect(PROPERTY_FIELDS).toHaveProperty(field);
    expect(PROPERTY_FORM_FIELDS.filter((input) => input.field === "address").map((input) => input.name)).toEqual(
      Object.keys(PROPERTY.address).map((part) => `address.${part}`),
    );

    for (const unit of ["sqm", "sqft"] as const) {
      const values = propertyFormValues(PROPERTY, "EUR", unit);
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) form.set(name, value);
      form.set("customFields.view", "park");
      form.set("customFieldType.view", "text");
      const { input, formatErrors } = propertyInputFromForm(form);
      expect(formatErrors).toEqual({});
      for (const [field, spec] of propertyFieldEntries()) {
        if (!spec.form) continue;
        // Square feet are whole: 845 sq ft is 78.5 m² to the hundredth.
        const expected = field === "areaSqm" && unit === "sqft" ? 78.5 : PROPERTY[field];
        expect({ field, value: input[field] }).toEqual({ field, value: expected });
      }
      expect(propertyUpdateSchema.safeParse(input).success).toBe(true);
    }

    const html = renderToStaticMarkup(
      createElement(PropertyForm, {
        action: async (state) => state,
        initial: propertyFormValues(undefined, "USD", "sqft"),
        fields: PROPERTY_FORM_FIELDS,
        customFields: { definitions: [CUSTOM], values: {} },
        areaUnit: "sqft",
        submitLabel: "Create",
        pendingLabel: "Creating…",
      }),
    );
    for (const input of PROPERTY_FORM_FIELDS) {
      const name =
        input.widget === "customFields"
          ? `customFields.${CUSTOM.key}`
          : input.widget === "area"
            ? "areaSqft"
            : input.name;
      expect(html).toContain(`name="${name}"`);
    }
    // A new property's defaults, and maxLength from the zod type (or the registry, for a pattern).
    expect(propertyFormValues(undefined, "USD", "sqm")).toMatchObject({
      type: "apartment",
      listingType: "sale",
      status: "available",
      currency: "USD",
      title: "",
    });
    expect(html).toMatch(/name="title"[^>]*maxLength="200"|maxLength="200"[^>]*name="title"/);
    expect(html).toMatch(/name="address.city"[^>]*maxLength="100"|maxLength="100"[^>]*name="address.city"/);
    expect(html).toMatch(/name="address.country"[^>]*maxLength="2"|maxLength="2"[^>]*name="address.country"/);
  });

  it("the page's read view shows every field placed on it, and only those", () => {
    const context = { areaUnit: "sqm" as const, zone: "UTC", customFields: [CUSTOM] };
    const page = (property: PublicProperty) =>
      renderToStaticMarkup(
        createElement(
          "main",
          null,
          createElement(PropertySummary, { property, context }),
          createElement(PropertyFacts, { property, context }),
          createElement(PropertyDetails, { property, context }),
        ),
      );
    for (const [field, spec] of propertyFieldEntries()) {
      // The currency is read with the price, so it changes the page through the price.
      const shown = page(withOther(field)) !== page(PROPERTY) && field !== "currency";
      expect({ field, shown }).toEqual({ field, shown: spec.page.length > 0 });
    }
    const header = (property: PublicProperty) =>
      renderToStaticMarkup(createElement(PropertySummary, { property, context }));
    expect(header(PROPERTY)).toContain("Apartment · For rent · New York");
    const facts = renderToStaticMarkup(
      createElement(PropertyFacts, { property: { ...PROPERTY, price: 1_250_000, bathrooms: 2.5 }, context }),
    );
    // Numbers with their separators, half-baths as they are.
    expect(facts).toContain("$1,250,000");
    expect(facts).toContain("2.5");
    expect(facts).toContain("78.5 m²");
    // A listing without a price says so; a lot without rooms leaves them out.
    const lot = renderToStaticMarkup(
      createElement(PropertyFacts, {
        property: { ...PROPERTY, price: null, bedrooms: null, bathrooms: null },
        context,
      }),
    );
    expect(lot).toContain("—");
    expect(lot).not.toContain("Bedrooms");
    const details = renderToStaticMarkup(createElement(PropertyDetails, { property: PROPERTY, context }));
    expect(details).toContain("12 5th Ave");
    expect(details).toContain("New York, NY 10011");
    expect(details).toContain("park");
  });
});
