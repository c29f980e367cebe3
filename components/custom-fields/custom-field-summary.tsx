import { shownCustomFields, type CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import type { CustomFieldValues } from "@/lib/schemas/custom-fields";

// A record's custom field values on its page, read-only, in the definitions' order.
export function CustomFieldSummary({
  definitions,
  values,
}: {
  definitions: readonly CustomFieldUiDefinition[];
  values: CustomFieldValues;
}) {
  const shown = shownCustomFields(definitions, values);
  if (!shown.length) return null;
  return (
    <dl aria-label="Custom fields" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {shown.map(({ definition, text }) => (
        <div key={definition.key} className="flex gap-1.5">
          <dt className="text-slate-500">{definition.label}:</dt>
          <dd className="text-slate-900">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
