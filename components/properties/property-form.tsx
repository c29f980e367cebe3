"use client";

import { useActionState } from "react";
import { FormStateMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";
import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import type { AreaUnit } from "@/lib/properties/area-units";
import { inputName, type PropertyFormFieldSpec } from "./property-form-fields";
import { PropertyFieldInput } from "./property-field";

interface PropertyFormProps {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  initial: Record<string, string>;
  propertyId?: string;
  /** The inputs, from the field registry (property-form-fields.ts). */
  fields: readonly PropertyFormFieldSpec[];
  submitLabel: string;
  pendingLabel: string;
  /** Changes when the record changes (its updatedAt): the fields then show the saved values. */
  revision?: string;
  /** The account's custom fields for properties, and this property's values. */
  customFields: { definitions: CustomFieldUiDefinition[]; values: Record<string, unknown> };
  /** The account's unit of area (areaUnitFor its country). */
  areaUnit: AreaUnit;
}

const GROUPS = [
  { group: "listing", legend: "Listing", grid: "sm:grid-cols-3" },
  { group: "address", legend: "Address", grid: "sm:grid-cols-6" },
] as const;

// Spelled out so Tailwind finds the classes.
const SPANS: Record<number, string> = { 2: "sm:col-span-2", 3: "sm:col-span-3", 6: "sm:col-span-6" };

// A property's fields, for "New property" and the property page: each field of the registry that
// has a form widget, in its fieldset, drawn by the one field renderer (property-field.tsx).
// Validation is the API's schema, run by the action; each field shows its own error and keeps
// what was typed.
export function PropertyForm({
  action,
  initial,
  propertyId,
  fields,
  submitLabel,
  pendingLabel,
  revision,
  customFields,
  areaUnit,
}: PropertyFormProps) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  const errors = state.fieldErrors ?? {};
  const typed = state.status === "error" ? state.values : undefined;
  const input = (field: PropertyFormFieldSpec) => {
    const name = inputName(field, areaUnit);
    return (
      <div key={field.name} className={SPANS[field.span ?? 1]}>
        <PropertyFieldInput
          field={field}
          value={typed?.[name] ?? initial[name] ?? ""}
          error={errors[name]}
          areaUnit={areaUnit}
          customFields={customFields}
          typed={typed}
          errors={errors}
        />
      </div>
    );
  };
  return (
    <form
      key={`${revision ?? ""}:${version}`}
      action={formAction}
      className="space-y-6"
      noValidate
      aria-label={propertyId ? "Property details" : "New property"}
    >
      <FormStateMessage state={state} />
      {propertyId ? <input type="hidden" name="propertyId" value={propertyId} /> : null}
      {GROUPS.map(({ group, legend, grid }) => (
        <fieldset key={group} className={`grid gap-4 ${grid}`}>
          <legend className="mb-3 text-sm font-semibold text-slate-900">{legend}</legend>
          {fields.filter((field) => field.group === group).map(input)}
        </fieldset>
      ))}
      {fields.filter((field) => field.group === "extra").map(input)}
      <div className="flex justify-end">
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
