import type { z } from "zod";
import { LEAD_INTEREST_LABELS, LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import type { leadSchema } from "./leads";

// Every field of a lead, declared once beside its zod type (./leads.ts): how people name it and
// how each surface shows, writes and reads it. The CSV export and import, the import's mapping
// guesses, the lead form's inputs and defaults, the details panel and the timeline's labels are
// derived from this table (Twenty derives its UI from a field's metadata the same way). It is
// typed by leadSchema's keys: a field added to the schema without an entry here does not compile,
// and each entry says for every surface whether the field is on it (null: deliberately not).
// tests/unit/lead-field-registry.test.ts walks each derived surface against the schema.
//
// A nullable text field needs only this: `{ label, value: "text", csv: true, import: { synonyms },
// form: { widget: "text", group }, details: { empty: "Not known" }, timeline: true, example }`.

/** How a value reads, on every surface that shows it: the CSV cell, the details panel, the timeline. */
type LeadValueKind =
  /** As stored (text, e-mail, E.164, an id). */
  | "text"
  /** Text whose line breaks are kept. */
  | "longText"
  /** One of `values`, shown by its label. */
  | "enum"
  /** Whole units of the account's currency. */
  | "money"
  /** A member's id, shown by their name. */
  | "member"
  /** A property's id, shown by its title. */
  | "property"
  | "list"
  | "boolean"
  /** A time, stored in UTC. */
  | "time"
  | "timeZone"
  | "consent"
  | "customFields"
  /** The integrator's own id, shown as code. */
  | "code";

/** The lead form's input for a field. maxLength is read from the zod type (components/leads/lead-form-fields.ts). */
export interface LeadFormWidget {
  widget: "text" | "email" | "tel" | "money" | "list" | "textarea" | "select" | "checkbox" | "customFields";
  /** Which fieldset of the form it sits in ("extra": its own, after them); fields keep this
   * table's order within it. */
  group: "contact" | "pipeline" | "extra";
  /** The form's wording when it is not the field's label ("Property of interest"). */
  label?: string;
  hint?: string;
  placeholder?: string;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
  /** A select's choices: the lists leadFormOptions gives (enum fields' come from `values`). */
  options?: "statuses" | "interests" | "properties" | "members" | "timeZones";
}

export interface LeadFieldSpec {
  /** The field's name for people: CSV header, import target, form label, details term, timeline. */
  label: string;
  value: LeadValueKind;
  /** An enum field's values and their labels. */
  values?: Readonly<Record<string, string>>;
  /** In the CSV export (its columns follow from `value`: a member or property adds its name). */
  csv: boolean;
  /** What a file's header calls it (compared without case, spaces or punctuation); its cells are
   * read as `value` says (lib/imports/coerce-cell.ts). */
  import: { synonyms: readonly string[] } | null;
  form: LeadFormWidget | null;
  /** A row of the lead's details panel; `empty` is what it says for no value (null hides the row). */
  details: { empty: string | null } | null;
  /** Named in the timeline's "Field: old → new" lines. */
  timeline: boolean;
  /** Its value in the API document's example lead (lib/openapi/examples.ts), which the contract
   * test validates against the schema. */
  example: unknown;
}

type PublicLeadShape = z.output<typeof leadSchema>;
type LeadField = keyof PublicLeadShape;
/** A value as `as const` writes it: arrays and objects read-only. */
type ConstOf<V> = V extends readonly (infer U)[]
  ? readonly ConstOf<U>[]
  : V extends object
    ? { readonly [K in keyof V]: ConstOf<V[K]> }
    : V;

export const LEAD_FIELDS = {
  id: {
    label: "LeadProp ID",
    value: "text",
    csv: true,
    import: null,
    form: null,
    details: null,
    timeline: false,
    example: "lead_01jf3v6q2m8k4x5y7z9a0b1c2d",
  },
  name: {
    label: "Name",
    value: "text",
    csv: true,
    import: { synonyms: ["name", "fullname", "contactname", "leadname", "clientname", "contact", "displayname"] },
    form: { widget: "text", group: "contact", wide: true },
    // The page's heading.
    details: null,
    timeline: true,
    example: "Ada Lovelace",
  },
  email: {
    label: "Email",
    value: "text",
    csv: true,
    import: {
      synonyms: ["email", "emailaddress", "mail", "primaryemail", "email1", "emails", "workemail", "personalemail"],
    },
    form: { widget: "email", group: "contact" },
    // The page's contact line.
    details: null,
    timeline: true,
    example: "ada@example.com",
  },
  phone: {
    label: "Phone",
    value: "text",
    csv: true,
    import: {
      synonyms: [
        "phone",
        "phonenumber",
        "phone1",
        "phones",
        "mobile",
        "mobilephone",
        "mobilenumber",
        "cell",
        "cellphone",
        "telephone",
        "tel",
        "primaryphone",
      ],
    },
    form: { widget: "tel", group: "contact", hint: "Any format; numbers without + use your account's country." },
    // The page's contact line.
    details: null,
    timeline: true,
    example: "+14155550123",
  },
  status: {
    label: "Status",
    value: "enum",
    values: LEAD_STATUS_LABELS,
    csv: true,
    import: { synonyms: ["status", "stage", "leadstatus", "pipelinestage"] },
    form: { widget: "select", group: "pipeline", options: "statuses" },
    // The page header's select.
    details: null,
    timeline: true,
    example: "contacted",
  },
  source: {
    label: "Source",
    value: "text",
    csv: true,
    import: { synonyms: ["source", "leadsource", "origin", "channel"] },
    form: { widget: "text", group: "pipeline", placeholder: "website, referral, portal:zillow" },
    details: { empty: "Not known" },
    timeline: true,
    example: "website",
  },
  interest: {
    label: "Interest",
    value: "enum",
    values: LEAD_INTEREST_LABELS,
    csv: true,
    import: { synonyms: ["interest", "intent", "lookingto"] },
    form: { widget: "select", group: "pipeline", options: "interests" },
    details: { empty: "Not known" },
    timeline: true,
    example: "buy",
  },
  budget: {
    label: "Budget",
    value: "money",
    csv: true,
    import: { synonyms: ["budget", "maxbudget", "maxprice", "price", "pricerange"] },
    form: { widget: "money", group: "pipeline", placeholder: "450000" },
    details: { empty: "Not known" },
    timeline: true,
    example: 450000,
  },
  propertyId: {
    label: "Property",
    value: "property",
    csv: true,
    import: null,
    form: { widget: "select", group: "pipeline", label: "Property of interest", options: "properties" },
    details: { empty: "None" },
    timeline: true,
    example: "prop_01jf3v6q2m8k4x5y7z9a0b1c2e",
  },
  assignedTo: {
    label: "Assigned to",
    value: "member",
    csv: true,
    import: null,
    form: { widget: "select", group: "pipeline", options: "members" },
    // The page header's owner select.
    details: null,
    timeline: true,
    example: null,
  },
  tags: {
    label: "Tags",
    value: "list",
    csv: true,
    import: { synonyms: ["tags", "tag", "labels", "label"] },
    form: {
      widget: "list",
      group: "pipeline",
      wide: true,
      hint: "Separated by commas, e.g. first-time-buyer, pre-approved.",
    },
    details: { empty: "None" },
    timeline: true,
    example: ["first-time-buyer"],
  },
  notes: {
    label: "Notes",
    value: "longText",
    csv: true,
    import: { synonyms: ["notes", "note", "comments", "comment", "description", "message"] },
    form: { widget: "textarea", group: "pipeline", wide: true },
    details: { empty: null },
    timeline: true,
    example: null,
  },
  smsOptOut: {
    label: "SMS opt-out",
    value: "boolean",
    csv: true,
    import: { synonyms: ["smsoptout", "optout", "optedout", "unsubscribed", "donottext", "dnt"] },
    form: {
      widget: "checkbox",
      group: "pipeline",
      wide: true,
      label: "Opted out of SMS",
      hint: "No SMS can be sent to this lead, from the app or the API.",
    },
    // Read out with the consent, on its SMS line.
    details: null,
    timeline: true,
    example: false,
  },
  // Recorded through its own form (the lead page's "Record consent"), never imported.
  consent: {
    label: "SMS consent",
    value: "consent",
    csv: true,
    import: null,
    form: null,
    details: { empty: null },
    timeline: true,
    example: {
      sms: {
        status: "granted",
        at: "2026-11-22T09:30:00.000Z",
        source: "web form",
        text: "I agree to receive text messages about properties from Example Realty.",
        ip: "203.0.113.7",
      },
    },
  },
  timezone: {
    label: "Time zone",
    value: "timeZone",
    csv: true,
    import: { synonyms: ["timezone", "tz", "time zone"] },
    form: {
      widget: "select",
      group: "contact",
      options: "timeZones",
      hint: "Texts go out 08:00–21:00 in this zone. Left to the phone number, the area code decides (all its zones, where it spans several).",
    },
    details: { empty: null },
    timeline: true,
    example: null,
  },
  externalId: {
    label: "External ID",
    value: "code",
    csv: true,
    import: { synonyms: ["id", "externalid", "leadid", "contactid", "crmid", "recordid", "personid"] },
    // The integrator's: set through the API or an import.
    form: null,
    details: { empty: null },
    timeline: true,
    example: "crm-4711",
  },
  createdAt: {
    label: "Created",
    value: "time",
    csv: true,
    import: null,
    form: null,
    details: null,
    timeline: false,
    example: "2026-11-22T09:30:00.000Z",
  },
  updatedAt: {
    label: "Updated",
    value: "time",
    csv: true,
    import: null,
    form: null,
    details: null,
    timeline: false,
    example: "2026-11-22T10:05:12.431Z",
  },
  // Each custom field is a column, an import target, an input and a timeline line of its own,
  // named by its definition (lib/custom-fields).
  customFields: {
    label: "Custom fields",
    value: "customFields",
    csv: true,
    import: null,
    form: { widget: "customFields", group: "extra" },
    details: { empty: null },
    timeline: true,
    example: { move_in_date: "2026-09-01", pets: true },
  },
  version: {
    label: "Version",
    value: "text",
    csv: false,
    import: null,
    form: null,
    details: null,
    timeline: false,
    example: 2,
  },
} as const satisfies { [K in LeadField]: LeadFieldSpec & { example: ConstOf<PublicLeadShape[K]> } };

export type LeadFieldName = keyof typeof LEAD_FIELDS;

/** The registry's entries in its order, with their names. */
export const leadFieldEntries = (): [LeadFieldName, LeadFieldSpec][] =>
  Object.entries(LEAD_FIELDS) as [LeadFieldName, LeadFieldSpec][];

/** The fields an import column can fill. */
export type ImportableLeadField = {
  [K in LeadFieldName]: (typeof LEAD_FIELDS)[K]["import"] extends null ? never : K;
}[LeadFieldName];

/** The fields of the lead form. */
export type LeadFormField = {
  [K in LeadFieldName]: (typeof LEAD_FIELDS)[K]["form"] extends null ? never : K;
}[LeadFieldName];
