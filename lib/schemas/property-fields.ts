import type { z } from "zod";
import {
  LISTING_TYPE_LABELS,
  PROPERTY_STATUS_LABELS,
  PROPERTY_STATUS_TONES,
  PROPERTY_TYPE_LABELS,
} from "@/lib/properties/property-labels";
import type { propertySchema } from "./properties";

// Every field of a property, declared once beside its zod type (./properties.ts), as the lead's
// are (./lead-fields.ts): how people name it and how each surface shows, writes and reads it.
// Typed by propertySchema's keys, so a field added to the schema without an entry does not
// compile. Derived from it: the CSV export (lib/exports/property-csv-columns.ts), the property
// form's inputs, defaults and reading (components/properties/property-form-fields.ts,
// app/(app)/properties/_forms/property-form-input.ts) and the property page's read view (its
// header, key facts and Details: components/properties/property-*.tsx), each drawn by one field renderer
// (components/properties/property-field.tsx). tests/unit/property-field-registry.test.ts walks
// each surface against the schema.
//
// A nullable text field needs only this: `{ label, value: "text", csv: true, form: { widget:
// "text", group: "listing", span: 3 }, page: ["details"] }`.

/** The property form's input for a field. maxLength is read from the zod type where it has one. */
export interface PropertyFormWidget {
  widget:
    | "text"
    | "textarea"
    | "select"
    /** Whole currency units. */
    | "money"
    /** A whole number of rooms. */
    | "count"
    /** Rooms in steps of a half: 2.5 bathrooms is two full baths and a half bath. */
    | "halves"
    /** An ISO code; empty leaves the account's. */
    | "currency"
    /** In the account's unit (lib/properties/area-units.ts). */
    | "area"
    /** Its parts (`parts`), each an input of the address fieldset. */
    | "address"
    | "customFields";
  /** Which fieldset it sits in ("extra": its own, after them); fields keep this table's order within it. */
  group: "listing" | "address" | "extra";
  /** The form's wording when it is not the field's label ("Listing" for the listing type). */
  label?: string;
  hint?: string;
  placeholder?: string;
  /** Columns of its fieldset's grid it spans (the listing's has 3); 1 when absent. */
  span?: number;
  /** A new property's value (a select over an enum). */
  initial?: string;
  /** For a value zod checks by pattern (an ISO code) rather than by length. */
  maxLength?: number;
}

/** Where the property page shows a field: in its header (its heading, its badge, the " · " line
 * under them), among the key facts a listing leads with (price, rooms, area), or as a row of the
 * Details panel, whose Edit button opens the form. */
export type PropertyPagePlace = "title" | "badge" | "line" | "fact" | "details";

export interface PropertyFieldSpec {
  /** The field's name for people: CSV header, form label, the page's wording. */
  label: string;
  /** How its value reads: as stored, by an enum's labels, money in its currency, the address in
   * its parts, an area in the account's unit (both in the CSV), a time in UTC, the integrator's
   * own id as code, a count with separators (2.5 baths). */
  value: "text" | "number" | "enum" | "money" | "address" | "area" | "time" | "code" | "customFields";
  values?: Readonly<Record<string, string>>;
  /** A badge's colour for each value (the page's "badge" place). */
  tones?: Readonly<Record<string, string>>;
  /** An object field's parts, in order: their labels and inputs. */
  parts?: Readonly<Record<string, Omit<PropertyFormWidget, "widget" | "group"> & { label: string }>>;
  /** In the CSV export. */
  csv: boolean;
  form: PropertyFormWidget | null;
  /** Where the property page shows it (none: only the form does). */
  page: readonly PropertyPagePlace[];
}

type PublicPropertyShape = z.output<typeof propertySchema>;
type PropertyField = keyof PublicPropertyShape;

export const PROPERTY_FIELDS = {
  id: { label: "LeadProp ID", value: "text", csv: true, form: null, page: [] },
  title: {
    label: "Title",
    value: "text",
    csv: true,
    form: { widget: "text", group: "listing", span: 3 },
    page: ["title"],
  },
  description: {
    label: "Description",
    value: "text",
    csv: true,
    form: { widget: "textarea", group: "listing", span: 3 },
    page: ["details"],
  },
  type: {
    label: "Type",
    value: "enum",
    values: PROPERTY_TYPE_LABELS,
    csv: true,
    form: { widget: "select", group: "listing", initial: "apartment" },
    page: ["line"],
  },
  listingType: {
    label: "Listing type",
    value: "enum",
    values: LISTING_TYPE_LABELS,
    csv: true,
    // "Listing": a label holding "Type" twice would be two fields to a reader finding "Type".
    form: { widget: "select", group: "listing", label: "Listing", initial: "sale" },
    page: ["line"],
  },
  status: {
    label: "Status",
    value: "enum",
    values: PROPERTY_STATUS_LABELS,
    tones: PROPERTY_STATUS_TONES,
    csv: true,
    form: { widget: "select", group: "listing", initial: "available" },
    page: ["badge"],
  },
  price: {
    label: "Price",
    value: "money",
    csv: true,
    form: {
      widget: "money",
      group: "listing",
      span: 2,
      placeholder: "850000",
      hint: "Whole currency units; per month for rentals.",
    },
    page: ["fact"],
  },
  currency: {
    label: "Currency",
    value: "text",
    csv: true,
    form: { widget: "currency", group: "listing", maxLength: 3, hint: "ISO code, e.g. USD" },
    // Read with the price.
    page: [],
  },
  address: {
    label: "Address",
    value: "address",
    parts: {
      street: { label: "Street", span: 6 },
      city: { label: "City", span: 3 },
      region: { label: "Region", span: 3 },
      postalCode: { label: "Postal code", span: 3 },
      country: { label: "Country", span: 3, maxLength: 2, hint: "Two letters, e.g. US" },
    },
    csv: true,
    form: { widget: "address", group: "address" },
    // The city in the header: where the listing is, at a glance; every part in Details.
    page: ["line", "details"],
  },
  bedrooms: {
    label: "Bedrooms",
    value: "number",
    csv: true,
    form: { widget: "count", group: "listing" },
    page: ["fact"],
  },
  bathrooms: {
    label: "Bathrooms",
    value: "number",
    csv: true,
    form: { widget: "halves", group: "listing", hint: "A half bath counts 0.5, e.g. 2.5" },
    page: ["fact"],
  },
  areaSqm: { label: "Area", value: "area", csv: true, form: { widget: "area", group: "listing" }, page: ["fact"] },
  // The integrator's own id (an MLS number), set through the API: how staff find the listing elsewhere.
  externalId: { label: "External ID", value: "code", csv: true, form: null, page: ["details"] },
  customFields: {
    label: "Custom fields",
    value: "customFields",
    csv: true,
    form: { widget: "customFields", group: "extra" },
    page: ["details"],
  },
  createdAt: { label: "Created", value: "time", csv: true, form: null, page: ["details"] },
  updatedAt: { label: "Updated", value: "time", csv: true, form: null, page: ["details"] },
  version: { label: "Version", value: "text", csv: false, form: null, page: [] },
} as const satisfies Record<PropertyField, PropertyFieldSpec>;

export type PropertyFieldName = keyof typeof PROPERTY_FIELDS;

/** The registry's entries in its order, with their names. */
export const propertyFieldEntries = (): [PropertyFieldName, PropertyFieldSpec][] =>
  Object.entries(PROPERTY_FIELDS) as [PropertyFieldName, PropertyFieldSpec][];

/** The fields of the property form. */
export type PropertyFormField = {
  [K in PropertyFieldName]: (typeof PROPERTY_FIELDS)[K]["form"] extends null ? never : K;
}[PropertyFieldName];
