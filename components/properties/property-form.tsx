"use client";

import { useActionState } from "react";
import { FormStateMessage } from "@/components/ui/form-message";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";
import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import { CustomFieldInputs } from "@/components/custom-fields/custom-field-inputs";
import { AREA_UNIT_LABELS, areaFieldName, type AreaUnit } from "@/lib/properties/area-units";

type Option = { value: string; label: string };

interface PropertyFormProps {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  initial: Record<string, string>;
  propertyId?: string;
  options: { types: Option[]; listingTypes: Option[]; statuses: Option[] };
  submitLabel: string;
  pendingLabel: string;
  /** Changes when the record changes (its updatedAt): the fields then show the saved values. */
  revision?: string;
  /** The account's custom fields for properties, and this property's values. */
  customFields: { definitions: CustomFieldUiDefinition[]; values: Record<string, unknown> };
  /** The account's unit of area (areaUnitFor its country). */
  areaUnit: AreaUnit;
}

// A property's fields, for "New property" and the property page, validated by the API's schema.
export function PropertyForm({
  action,
  initial,
  propertyId,
  options,
  submitLabel,
  pendingLabel,
  revision,
  customFields,
  areaUnit,
}: PropertyFormProps) {
  const areaField = areaFieldName(areaUnit);
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  const errors = state.fieldErrors ?? {};
  const typed = state.status === "error" ? state.values : undefined;
  const value = (name: string) => typed?.[name] ?? initial[name] ?? "";
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
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Listing</legend>
        <div className="sm:col-span-3">
          <TextField
            label="Title"
            name="title"
            defaultValue={value("title")}
            required
            maxLength={200}
            autoComplete="off"
            error={errors.title}
          />
        </div>
        <SelectField
          label="Type"
          name="type"
          options={options.types}
          defaultValue={value("type")}
          error={errors.type}
        />
        <SelectField
          label="Listing"
          name="listingType"
          options={options.listingTypes}
          defaultValue={value("listingType")}
          error={errors.listingType}
        />
        <SelectField
          label="Status"
          name="status"
          options={options.statuses}
          defaultValue={value("status")}
          error={errors.status}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Price"
            name="price"
            inputMode="numeric"
            defaultValue={value("price")}
            autoComplete="off"
            placeholder="850000"
            hint="Whole currency units; per month for rentals."
            error={errors.price}
          />
        </div>
        <TextField
          label="Currency"
          name="currency"
          defaultValue={value("currency")}
          maxLength={3}
          autoComplete="off"
          hint="ISO code, e.g. USD"
          error={errors.currency}
        />
        <TextField
          label="Bedrooms"
          name="bedrooms"
          inputMode="numeric"
          defaultValue={value("bedrooms")}
          autoComplete="off"
          error={errors.bedrooms}
        />
        <TextField
          label="Bathrooms"
          name="bathrooms"
          inputMode="numeric"
          defaultValue={value("bathrooms")}
          autoComplete="off"
          error={errors.bathrooms}
        />
        <TextField
          label={`Area (${AREA_UNIT_LABELS[areaUnit]})`}
          name={areaField}
          inputMode="decimal"
          defaultValue={value(areaField)}
          autoComplete="off"
          error={errors[areaField] ?? errors.areaSqm}
        />
        <div className="sm:col-span-3">
          <TextareaField
            label="Description"
            name="description"
            defaultValue={value("description")}
            rows={4}
            maxLength={10000}
            error={errors.description}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Address</legend>
        <div className="sm:col-span-6">
          <TextField
            label="Street"
            name="address.street"
            defaultValue={value("address.street")}
            maxLength={200}
            autoComplete="off"
            error={errors["address.street"]}
          />
        </div>
        <div className="sm:col-span-3">
          <TextField
            label="City"
            name="address.city"
            defaultValue={value("address.city")}
            maxLength={100}
            autoComplete="off"
            error={errors["address.city"]}
          />
        </div>
        <div className="sm:col-span-3">
          <TextField
            label="Region"
            name="address.region"
            defaultValue={value("address.region")}
            maxLength={100}
            autoComplete="off"
            error={errors["address.region"]}
          />
        </div>
        <div className="sm:col-span-3">
          <TextField
            label="Postal code"
            name="address.postalCode"
            defaultValue={value("address.postalCode")}
            maxLength={20}
            autoComplete="off"
            error={errors["address.postalCode"]}
          />
        </div>
        <div className="sm:col-span-3">
          <TextField
            label="Country"
            name="address.country"
            defaultValue={value("address.country")}
            maxLength={2}
            autoComplete="off"
            hint="Two letters, e.g. US"
            error={errors["address.country"]}
          />
        </div>
      </fieldset>
      <CustomFieldInputs
        definitions={customFields.definitions}
        values={customFields.values}
        typed={typed}
        errors={errors}
      />
      <div className="flex justify-end">
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
