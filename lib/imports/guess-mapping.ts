import type { CustomFieldDefinition } from "@/db/schema";
import {
  CUSTOM_FIELD_TARGET,
  type ImportLeadField,
  type ImportMapping,
  type ImportTarget,
} from "@/lib/schemas/lead-imports";

// The wizard's first guess at each column's field, from its header: what exports from Follow Up
// Boss, HubSpot, Zillow, Google Contacts and hand-made sheets call them. The user can change any.

const SYNONYMS: Record<ImportLeadField, string[]> = {
  name: ["name", "fullname", "contactname", "leadname", "clientname", "contact", "displayname"],
  firstName: ["firstname", "first", "givenname", "forename", "fname"],
  lastName: ["lastname", "last", "surname", "familyname", "lname"],
  email: ["email", "emailaddress", "mail", "primaryemail", "email1", "emails", "workemail", "personalemail"],
  phone: [
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
  status: ["status", "stage", "leadstatus", "pipelinestage"],
  source: ["source", "leadsource", "origin", "channel"],
  interest: ["interest", "intent", "lookingto"],
  budget: ["budget", "maxbudget", "maxprice", "price", "pricerange"],
  tags: ["tags", "tag", "labels", "label"],
  notes: ["notes", "note", "comments", "comment", "description", "message"],
  externalId: ["id", "externalid", "leadid", "contactid", "crmid", "recordid", "personid"],
  timezone: ["timezone", "tz", "time zone"],
  smsOptOut: ["smsoptout", "optout", "optedout", "unsubscribed", "donottext", "dnt"],
};

const normalize = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

const BY_HEADER = new Map<string, ImportLeadField>(
  Object.entries(SYNONYMS).flatMap(([field, words]) => words.map((w) => [normalize(w), field as ImportLeadField])),
);

/** Each header's guess; a field is taken by the first column that names it, the others are ignored. */
export function guessMapping(
  headers: readonly string[],
  definitions: readonly Pick<CustomFieldDefinition, "key" | "label">[],
): ImportMapping {
  const custom = new Map<string, ImportTarget>();
  for (const d of definitions) {
    custom.set(normalize(d.key), `${CUSTOM_FIELD_TARGET}${d.key}`);
    custom.set(normalize(d.label), `${CUSTOM_FIELD_TARGET}${d.key}`);
  }
  const taken = new Set<ImportTarget>();
  const mapping: ImportMapping = {};
  headers.forEach((header, index) => {
    const key = normalize(header);
    // A lead field's name wins over a custom field's: the API's own field is what "Email" means.
    const guess = BY_HEADER.get(key) ?? custom.get(key) ?? "ignore";
    mapping[String(index)] = guess !== "ignore" && taken.has(guess) ? "ignore" : guess;
    taken.add(guess);
  });
  return mapping;
}
