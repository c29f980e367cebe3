import { z } from "zod";
import { leadFieldEntries, type ImportableLeadField } from "./lead-fields";

// Leads → Import: what the wizard sends when it starts an import. The mapping names, for each
// column of the file (by index), the lead field or custom field it fills, or "ignore".

/** The lead fields a column can fill (those with import synonyms in lib/schemas/lead-fields.ts),
 * and first and last names, joined into the name. */
export const IMPORT_LEAD_FIELDS = [
  "name",
  "firstName",
  "lastName",
  ...leadFieldEntries().flatMap(([field, spec]) =>
    spec.import && field !== "name" ? [field as ImportableLeadField] : [],
  ),
] as const;
export type ImportLeadField = ImportableLeadField | "firstName" | "lastName";

/** A custom field's target: `cf:<key>`. */
export const CUSTOM_FIELD_TARGET = "cf:";

const importTargetSchema = z.union([
  z.enum([...IMPORT_LEAD_FIELDS, "ignore"]),
  z.string().regex(/^cf:[a-z][a-z0-9_]{0,62}$/, { error: "Not a custom field" }),
]);
export type ImportTarget = z.output<typeof importTargetSchema>;

/** Column index ("0", "1", …) → target. Columns not named are ignored. */
export const importMappingSchema = z
  .record(z.string().regex(/^\d+$/), importTargetSchema)
  .superRefine((mapping, ctx) => {
    const used = Object.values(mapping).filter((t) => t !== "ignore");
    const twice = used.find((t, i) => used.indexOf(t) !== i);
    if (twice) ctx.addIssue({ code: "custom", message: `Two columns are mapped to the same field (${twice})` });
    const targets = new Set(used);
    if (!targets.has("name") && !targets.has("firstName") && !targets.has("lastName"))
      ctx.addIssue({
        code: "custom",
        message: "Map a column to Name (or First name / Last name): every lead needs one",
      });
  });
export type ImportMapping = z.output<typeof importMappingSchema>;

export const importOnMatchSchema = z.enum(["skip", "merge", "create"]);
export type ImportOnMatch = z.output<typeof importOnMatchSchema>;
