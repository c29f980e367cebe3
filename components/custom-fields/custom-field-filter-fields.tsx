import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";

// A list's filter by one custom field, inside its FilterBar: the field, then the value (equal
// to it; a multi select's records having that option; true/false for a yes/no field).
export function CustomFieldFilterFields({
  definitions,
  params,
  error,
}: {
  definitions: readonly CustomFieldUiDefinition[];
  params: { cfKey?: string; cfValue?: string };
  error?: string;
}) {
  if (!definitions.length) return null;
  const chosen = definitions.find((d) => d.key === params.cfKey);
  const hint = chosen?.options.length
    ? `One of: ${chosen.options.join(", ")}`
    : chosen?.type === "boolean"
      ? "true or false"
      : chosen?.type === "date"
        ? "YYYY-MM-DD"
        : undefined;
  return (
    <>
      <div className="sm:w-44">
        <SelectField
          label="Custom field"
          name="cfKey"
          options={[{ value: "", label: "Any field" }, ...definitions.map((d) => ({ value: d.key, label: d.label }))]}
          defaultValue={params.cfKey ?? ""}
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-44">
        <TextField
          label="Value"
          name="cfValue"
          defaultValue={params.cfValue}
          maxLength={200}
          autoComplete="off"
          hint={hint}
          error={error}
          idPrefix="filter"
        />
      </div>
    </>
  );
}
