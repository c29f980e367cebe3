import type { PublicCustomFieldDefinition as CustomFieldDefinition } from "@/lib/schemas/custom-fields";

/** A custom field's type as the settings page writes it ("Yes / no", not `boolean`). */
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldDefinition["type"], string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  boolean: "Yes / no",
  single_select: "Single select",
  multi_select: "Multi select",
};
