import type { CustomFieldDefinition } from "@/db/schema";
import {
  CUSTOM_FIELD_TARGET,
  type ImportLeadField,
  type ImportMapping,
  type ImportTarget,
} from "@/lib/schemas/lead-imports";
import { leadFieldEntries, type ImportableLeadField } from "@/lib/schemas/lead-fields";

// The wizard's first guess at each column's field, from its header: what exports from Follow Up
// Boss, HubSpot, Zillow, Google Contacts and hand-made sheets call them. The user can change any.

// A lead field's synonyms are declared with it (lib/schemas/lead-fields.ts); first and last names
// are not fields of their own.
const SYNONYMS: Record<ImportLeadField, readonly string[]> = {
  ...(Object.fromEntries(
    leadFieldEntries().flatMap(([field, spec]) => (spec.import ? [[field, spec.import.synonyms]] : [])),
  ) as Record<ImportableLeadField, readonly string[]>),
  firstName: ["firstname", "first", "givenname", "forename", "fname"],
  lastName: ["lastname", "last", "surname", "familyname", "lname"],
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
