import type { z } from "zod";
import { LISTING_TYPE_LABELS, PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "@/lib/properties/property-labels";
import type { propertySchema } from "./properties";

// Every field of a property, declared once beside its zod type (./properties.ts), as the lead's
// are (./lead-fields.ts): its name for people and the kind of value it holds. Typed by
// propertySchema's keys, so a field added to the schema without an entry does not compile. The
// CSV export's columns are derived from it (lib/exports/property-csv-columns.ts); the property
// form and page are not yet.

export interface PropertyFieldSpec {
  /** The field's name for people: the CSV header. */
  label: string;
  /** How its value reads: as stored, by an enum's labels, the address in its five parts, an
   * area in both units, a time in UTC. */
  value: "text" | "enum" | "address" | "area" | "time" | "customFields";
  values?: Readonly<Record<string, string>>;
  /** In the CSV export. */
  csv: boolean;
}

type PropertyField = keyof z.output<typeof propertySchema>;

export const PROPERTY_FIELDS = {
  id: { label: "LeadProp ID", value: "text", csv: true },
  title: { label: "Title", value: "text", csv: true },
  description: { label: "Description", value: "text", csv: true },
  type: { label: "Type", value: "enum", values: PROPERTY_TYPE_LABELS, csv: true },
  listingType: { label: "Listing type", value: "enum", values: LISTING_TYPE_LABELS, csv: true },
  status: { label: "Status", value: "enum", values: PROPERTY_STATUS_LABELS, csv: true },
  price: { label: "Price", value: "text", csv: true },
  currency: { label: "Currency", value: "text", csv: true },
  address: { label: "Address", value: "address", csv: true },
  bedrooms: { label: "Bedrooms", value: "text", csv: true },
  bathrooms: { label: "Bathrooms", value: "text", csv: true },
  areaSqm: { label: "Area", value: "area", csv: true },
  externalId: { label: "External ID", value: "text", csv: true },
  customFields: { label: "Custom fields", value: "customFields", csv: true },
  createdAt: { label: "Created", value: "time", csv: true },
  updatedAt: { label: "Updated", value: "time", csv: true },
  version: { label: "Version", value: "text", csv: false },
} as const satisfies Record<PropertyField, PropertyFieldSpec>;

/** The registry's entries in its order, with their names. */
export const propertyFieldEntries = (): [PropertyField, PropertyFieldSpec][] =>
  Object.entries(PROPERTY_FIELDS) as [PropertyField, PropertyFieldSpec][];
