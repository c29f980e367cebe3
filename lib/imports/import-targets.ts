import type { CustomFieldDefinition } from "@/db/schema";
import {
  CUSTOM_FIELD_TARGET,
  IMPORT_LEAD_FIELDS,
  type ImportLeadField,
  type ImportTarget,
} from "@/lib/schemas/lead-imports";
import { leadFieldEntries, type ImportableLeadField } from "@/lib/schemas/lead-fields";

// What the wizard's column selects offer, and how a row's problems name a field: by the field's
// label (lib/schemas/lead-fields.ts).

export const IMPORT_FIELD_LABELS: Record<ImportLeadField, string> = {
  ...(Object.fromEntries(
    leadFieldEntries().flatMap(([field, spec]) => (spec.import ? [[field, spec.label]] : [])),
  ) as Record<ImportableLeadField, string>),
  firstName: "First name",
  lastName: "Last name",
};

export interface TargetOption {
  value: ImportTarget;
  label: string;
}

/** "Ignore", the lead fields, then the account's lead custom fields. */
export function importTargetOptions(
  definitions: readonly Pick<CustomFieldDefinition, "key" | "label">[],
): TargetOption[] {
  return [
    { value: "ignore", label: "— Ignore this column —" },
    ...IMPORT_LEAD_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
    ...definitions.map((d) => ({ value: `${CUSTOM_FIELD_TARGET}${d.key}`, label: `${d.label} (custom field)` })),
  ];
}
