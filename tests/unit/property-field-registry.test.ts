import { describe, expect, it } from "vitest";
import { propertyCsvColumns } from "@/lib/exports/property-csv-columns";
import type { PublicProperty } from "@/lib/properties/public-property";
import { PROPERTY_FIELDS, propertyFieldEntries } from "@/lib/schemas/property-fields";
import { propertySchema } from "@/lib/schemas/properties";

// Issue 33: a property's fields are declared once (lib/schemas/property-fields.ts) and the CSV
// export is derived from them. This fails when the export misses a field of the schema that its
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
  bathrooms: 1,
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
      const value: unknown = PROPERTY[field];
      const other =
        OTHER[field] ??
        (typeof value === "number"
          ? value + 1
          : field.endsWith("At")
            ? "2027-01-02T03:04:05.000Z"
            : `${String(value)}-x`);
      const changed = cells({ ...PROPERTY, [field]: other }).some((cell, i) => cell !== cells(PROPERTY)[i]);
      expect({ field, exported: changed }).toEqual({ field, exported: spec.csv });
    }
    const row = Object.fromEntries(headers.map((header, i) => [header, cells(PROPERTY)[i]]));
    expect(row).toMatchObject({ Type: "Apartment", "Listing type": "For rent", City: "New York", View: "park" });
  });
});
