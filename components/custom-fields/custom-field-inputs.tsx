import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { styles } from "@/components/ui/styles";

// The account's custom fields in a lead's or property's form: one input per type. Each posts
// `customFields.<key>` (a multi select one per checked option) and a hidden
// `customFieldType.<key>`, which app/_forms/custom-field-form-input.ts reads back
// into the API's `customFields`. Errors arrive at the API's path, `customFields.<key>`.

interface CustomFieldInputsProps {
  definitions: readonly CustomFieldUiDefinition[];
  /** The record's stored values (empty for a new one). */
  values: Record<string, unknown>;
  /** What was typed, after a refused submit (form field name → text). */
  typed?: Record<string, string>;
  errors: Record<string, string>;
}

const BOOLEAN_OPTIONS = [
  { value: "", label: "Not set" },
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

export function CustomFieldInputs({ definitions, values, typed, errors }: CustomFieldInputsProps) {
  if (!definitions.length) return null;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold text-slate-900">Custom fields</legend>
      {definitions.map((d) => (
        <div key={d.key} className={d.type === "text" || d.type === "multi_select" ? "sm:col-span-2" : undefined}>
          <input type="hidden" name={`customFieldType.${d.key}`} value={d.type} />
          <CustomFieldInput
            definition={d}
            stored={values[d.key]}
            typed={typed}
            error={errors[`customFields.${d.key}`]}
          />
        </div>
      ))}
    </fieldset>
  );
}

function CustomFieldInput({
  definition: d,
  stored,
  typed,
  error,
}: {
  definition: CustomFieldUiDefinition;
  stored: unknown;
  typed?: Record<string, string>;
  error?: string;
}) {
  const name = `customFields.${d.key}`;
  const label = d.required ? `${d.label} (required)` : d.label;
  const text = typed?.[name] ?? (stored === undefined || stored === null ? "" : String(stored));
  switch (d.type) {
    case "text":
      return <TextareaField label={label} name={name} defaultValue={text} rows={2} maxLength={10000} error={error} />;
    case "number":
      return (
        <TextField label={label} name={name} inputMode="decimal" defaultValue={text} autoComplete="off" error={error} />
      );
    case "date":
      return <TextField label={label} name={name} type="date" defaultValue={text} error={error} />;
    case "boolean":
      return <SelectField label={label} name={name} options={BOOLEAN_OPTIONS} defaultValue={text} error={error} />;
    case "single_select":
      return (
        <SelectField
          label={label}
          name={name}
          options={[{ value: "", label: "Not set" }, ...d.options.map((o) => ({ value: o, label: o }))]}
          defaultValue={text}
          error={error}
        />
      );
    case "multi_select": {
      const chosen = new Set(Array.isArray(stored) ? (stored as string[]) : []);
      return (
        <fieldset aria-describedby={error ? `field-${name}-error` : undefined}>
          <legend className={styles.label}>{label}</legend>
          <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-2">
            {d.options.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name={name}
                  value={option}
                  defaultChecked={chosen.has(option)}
                  className={`size-4 rounded border-slate-300 text-indigo-600 ${styles.focusRing}`}
                />
                {option}
              </label>
            ))}
          </div>
          {error ? (
            <p id={`field-${name}-error`} className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
      );
    }
  }
}
