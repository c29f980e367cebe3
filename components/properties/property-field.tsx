import type { ReactNode } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { CustomFieldInputs } from "@/components/custom-fields/custom-field-inputs";
import { CustomFieldSummary } from "@/components/custom-fields/custom-field-summary";
import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import { AREA_UNIT_LABELS, formatArea, type AreaUnit } from "@/lib/properties/area-units";
import type { PublicProperty } from "@/lib/properties/public-property";
import type { PropertyFieldSpec } from "@/lib/schemas/property-fields";
import { formatInZone } from "@/components/ui/format-date";
import { formatMoney } from "@/components/ui/format-money";
import { inputName, type PropertyFormFieldSpec } from "./property-form-fields";

// One field of a property, as the form's input (PropertyFieldInput) or as the page's value
// (propertyFieldValue), from its entry in the field registry (lib/schemas/property-fields.ts):
// its widget, or the kind of value it holds. A field added to the registry needs no edit here
// unless it brings a kind of value of its own.

export interface PropertyFieldInputProps {
  field: PropertyFormFieldSpec;
  /** The text the input starts with (what was typed after a refused submit, else the property's). */
  value: string;
  error?: string;
  /** The account's unit of area (areaUnitFor its country). */
  areaUnit: AreaUnit;
  customFields: { definitions: CustomFieldUiDefinition[]; values: Record<string, unknown> };
  typed?: Record<string, string>;
  errors: Record<string, string>;
}

export function PropertyFieldInput({
  field,
  value,
  error,
  areaUnit,
  customFields,
  typed,
  errors,
}: PropertyFieldInputProps) {
  const { label, hint, placeholder, maxLength } = field;
  const common = { label, name: inputName(field, areaUnit), defaultValue: value, error, hint };
  switch (field.widget) {
    case "select":
      return <SelectField {...common} options={field.choices ?? []} />;
    case "textarea":
      return <TextareaField {...common} rows={4} maxLength={maxLength} placeholder={placeholder} />;
    case "money":
    case "count":
      return <TextField {...common} inputMode="numeric" autoComplete="off" placeholder={placeholder} />;
    case "area":
      // The API's error names areaSqm whatever the unit the form sent.
      return (
        <TextField
          {...common}
          label={`${label} (${AREA_UNIT_LABELS[areaUnit]})`}
          error={error ?? errors[field.name]}
          inputMode="decimal"
          autoComplete="off"
        />
      );
    case "customFields":
      return (
        <CustomFieldInputs
          definitions={customFields.definitions}
          values={customFields.values}
          typed={typed}
          errors={errors}
        />
      );
    default:
      return (
        <TextField
          {...common}
          required={field.nullable ? undefined : true}
          maxLength={maxLength}
          autoComplete="off"
          placeholder={placeholder}
        />
      );
  }
}

/** What a value shows beside the property. */
export interface PropertyValueContext {
  areaUnit: AreaUnit;
  /** The viewer's zone, for times. */
  zone: string;
  customFields: readonly CustomFieldUiDefinition[];
}

/** A field's value, read-only; null when it has none (the page then leaves it out). */
export function propertyFieldValue(
  spec: PropertyFieldSpec,
  value: unknown,
  property: PublicProperty,
  context: PropertyValueContext,
): ReactNode {
  switch (spec.value) {
    // "—" when there is none: a listing without a price says so.
    case "money":
      return formatMoney(typeof value === "number" ? value : null, property.currency);
    // The city: where the listing is, at a glance (the form shows every part).
    case "address":
      return property.address.city;
    case "customFields":
      return context.customFields.length ? (
        <CustomFieldSummary definitions={context.customFields} values={property.customFields} />
      ) : null;
  }
  if (value === null || value === undefined || value === "") return null;
  switch (spec.value) {
    case "enum":
      return spec.values?.[String(value)] ?? String(value);
    case "area":
      return typeof value === "number" ? formatArea(value, context.areaUnit) : String(value);
    case "time":
      return formatInZone(String(value), context.zone);
    case "code":
      return <code className="font-mono text-slate-700">{String(value)}</code>;
    default:
      return String(value);
  }
}
