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
// app/(app)/properties/_forms/property-form-input.ts) and the property page's header
// (components/properties/property-header.tsx), each drawn by one field renderer
// (components/properties/property-field.tsx). tests/unit/property-field-registry.test.ts walks
// each surface against the schema.
//
// A nullable text field needs only this: `{ label, value: "text", csv: true, form: { widget:
// "text", group: "listing", span: 3 }, page: "below" }`.

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

/** Where the property page's header shows a field: its heading, its badge, the " · " line under
 * them, or a line of its own below. */
export type PropertyPagePlace = "title" | "badge" | "line" | "below";

export interface PropertyFieldSpec {
  /** The field's name for people: CSV header, form label, the page's wording. */
  label: string;
  /** How its value reads: as stored, by an enum's labels, money in its currency, the address in
   * its parts, an area in the account's unit (both in the CSV), a time in UTC, the integrator's
   * own id as code. */
  value: "text" | "enum" | "money" | "address" | "area" | "time" | "code" | "customFields";
  values?: Readonly<Record<string, string>>;
  /** A badge's colour for each value (the page's "badge" place). */
  tones?: Readonly<Record<string, string>>;
  /** An object field's parts, in order: their labels and inputs. */
  parts?: Readonly<Record<string, Omit<PropertyFormWidget, "widget" | "group"> & { label: string }>>;
  /** In the CSV export. */
  csv: boolean;
  form: PropertyFormWidget | null;
  /** In the page's header (null: not; the form below shows the rest). */
  page: PropertyPagePlace | null;
}

type PublicPropertyShape = z.output<typeof propertySchema>;
type PropertyField = keyof PublicPropertyShape;

export const PROPERTY_FIELDS = {
  id: { label: "LeadProp ID", value: "text", csv: true, form: null, page: null },
  title: {
    label: "Title",
    value: "text",
    csv: true,
    form: { widget: "text", group: "listing", span: 3 },
    page: "title",
  },
  description: {
    label: "Description",
    value: "text",
    csv: true,
    form: { widget: "textarea", group: "listing", span: 3 },
    page: null,
  },
  type: {
    label: "Type",
    value: "enum",
    values: PROPERTY_TYPE_LABELS,
    csv: true,
    form: { widget: "select", group: "listing", initial: "apartment" },
    page: "line",
  },
  listingType: {
    label: "Listing type",
    value: "enum",
    values: LISTING_TYPE_LABELS,
    csv: true,
    // "Listing": a label holding "Type" twice would be two fields to a reader finding "Type".
    form: { widget: "select", group: "listing", label: "Listing", initial: "sale" },
    page: "line",
  },
  status: {
    label: "Status",
    value: "enum",
    values: PROPERTY_STATUS_LABELS,
    tones: PROPERTY_STATUS_TONES,
    csv: true,
    form: { widget: "select", group: "listing", initial: "available" },
    page: "badge",
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
    page: "line",
  },
  currency: {
    label: "Currency",
    value: "text",
    csv: true,
    form: { widget: "currency", group: "listing", maxLength: 3, hint: "ISO code, e.g. USD" },
    // Read with the price.
    page: null,
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
    // The city: where the listing is, at a glance.
    page: "line",
  },
  bedrooms: { label: "Bedrooms", value: "text", csv: true, form: { widget: "count", group: "listing" }, page: null },
  bathrooms: { label: "Bathrooms", value: "text", csv: true, form: { widget: "count", group: "listing" }, page: null },
  areaSqm: { label: "Area", value: "area", csv: true, form: { widget: "area", group: "listing" }, page: "line" },
  // The integrator's own id (an MLS number), set through the API: how staff find the listing elsewhere.
  externalId: { label: "External ID", value: "code", csv: true, form: null, page: "below" },
  customFields: {
    label: "Custom fields",
    value: "customFields",
    csv: true,
    form: { widget: "customFields", group: "extra" },
    page: "below",
  },
  createdAt: { label: "Created", value: "time", csv: true, form: null, page: null },
  updatedAt: { label: "Updated", value: "time", csv: true, form: null, page: null },
  version: { label: "Version", value: "text", csv: false, form: null, page: null },
} as const satisfies Record<PropertyField, PropertyFieldSpec>;

export type PropertyFieldName = keyof typeof PROPERTY_FIELDS;

/** The registry's entries in its order, with their names. */
export const propertyFieldEntries = (): [PropertyFieldName, PropertyFieldSpec][] =>
  Object.entries(PROPERTY_FIELDS) as [PropertyFieldName, PropertyFieldSpec][];

/** The fields of the property form. */
export type PropertyFormField = {
  [K in PropertyFieldName]: (typeof PROPERTY_FIELDS)[K]["form"] extends null ? never : K;
}[PropertyFieldName];
