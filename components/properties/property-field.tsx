import type { ReactNode } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { CustomFieldInputs } from "@/components/custom-fields/custom-field-inputs";
import { CustomFieldSummary } from "@/components/custom-fields/custom-field-summary";
import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import { AREA_UNIT_LABELS, formatArea, type AreaUnit } from "@/lib/properties/area-units";
import type { PublicProperty } from "@/lib/properties/public-property";
import { propertyFieldEntries, type PropertyFieldSpec, type PropertyPagePlace } from "@/lib/schemas/property-fields";
import { formatInZone } from "@/components/ui/format-date";
import { formatMoney } from "@/components/ui/format-money";
import { inputName, type PropertyFormFieldSpec } from "./property-form-fields";

// One field of a property, as the form's input (PropertyFieldInput) or as the page's value at a
// place of it (fieldsAt), from its entry in the field registry (lib/schemas/property-fields.ts):
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
    case "halves":
      return <TextField {...common} inputMode="decimal" autoComplete="off" placeholder={placeholder} />;
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

/** The address as a listing prints it: street, then "City, Region 94110", then the country. */
function addressLines({ street, city, region, postalCode, country }: PublicProperty["address"]): ReactNode {
  const locality = [city, [region, postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const lines = [street, locality, country].filter((line): line is string => Boolean(line));
  if (!lines.length) return null;
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** A field's value at a place of the page, read-only; null when it has none (the page then
 * leaves it out). */
function propertyFieldValue(
  spec: PropertyFieldSpec,
  value: unknown,
  property: PublicProperty,
  context: PropertyValueContext,
  place: PropertyPagePlace,
): ReactNode {
  switch (spec.value) {
    // "—" when there is none: a listing without a price says so.
    case "money":
      return formatMoney(typeof value === "number" ? value : null, property.currency);
    // The header's line has the city, where the listing is at a glance; Details every part.
    case "address":
      return place === "line" ? property.address.city : addressLines(property.address);
    case "customFields":
      return context.customFields.length ? (
        <CustomFieldSummary definitions={context.customFields} values={property.customFields} />
      ) : null;
  }
  if (value === null || value === undefined || value === "") return null;
  switch (spec.value) {
    case "enum":
      return spec.values?.[String(value)] ?? String(value);
    case "number":
      return typeof value === "number" ? value.toLocaleString("en-US") : String(value);
    case "area":
      return typeof value === "number" ? formatArea(value, context.areaUnit) : String(value);
    case "time":
      return formatInZone(String(value), context.zone);
    case "code":
      return <code className="font-mono text-slate-700">{String(value)}</code>;
    // A row of Details keeps the line breaks it was written with (a description).
    default:
      return place === "details" ? <span className="whitespace-pre-line">{String(value)}</span> : String(value);
  }
}

/** The fields the registry puts at a place of the page, in its order, with their values; those
 * without one are left out. */
export function fieldsAt(place: PropertyPagePlace, property: PublicProperty, context: PropertyValueContext) {
  return propertyFieldEntries().flatMap(([field, spec]) => {
    if (!spec.page.includes(place)) return [];
    const value = propertyFieldValue(spec, property[field], property, context, place);
    return value === null || value === undefined ? [] : [{ field, spec, value }];
  });
}
