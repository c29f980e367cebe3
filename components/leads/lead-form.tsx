"use client";

import { useActionState } from "react";
import { FormStateMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";
import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import type { LeadFormFieldSpec, LeadFormValues } from "@/components/leads/lead-form-fields";
import { LeadFieldInput } from "./lead-field";

type Option = { value: string; label: string };

interface LeadFormProps {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  initial: LeadFormValues;
  /** Present when editing: sent with the form so the action knows which lead. */
  leadId?: string;
  options: {
    /** The inputs, from the field registry (lead-form-fields.ts). */
    fields: readonly LeadFormFieldSpec[];
    statuses: Option[];
    interests: Option[];
    properties: Option[];
    members: Option[];
    timeZones: Option[];
    customFields: CustomFieldUiDefinition[];
  };
  submitLabel: string;
  pendingLabel: string;
  /** Changes when the record changes (its updatedAt): the fields then show the saved values. */
  revision?: string;
  currency: string;
  /** The lead opted out by texting STOP: only their START clears it, so the box is locked. */
  optOutByRecipient?: boolean;
}

const GROUPS = [
  { group: "contact", legend: "Contact" },
  { group: "pipeline", legend: "Pipeline" },
] as const;

// The lead's fields, for "New lead" and the lead page: each field of the registry that has a form
// widget, in its fieldset, drawn by the one field renderer (lead-field.tsx). Validation is the
// API's schema, run by the action; each field shows its own error and keeps what was typed.
export function LeadForm({
  action,
  initial,
  leadId,
  options,
  submitLabel,
  pendingLabel,
  currency,
  revision,
  optOutByRecipient = false,
}: LeadFormProps) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  const errors = state.fieldErrors ?? {};
  const typed = state.status === "error" ? state.values : undefined;
  const input = (field: LeadFormFieldSpec) => {
    const stored: unknown = initial[field.name];
    return (
      <LeadFieldInput
        field={field}
        value={typed?.[field.name] ?? (typeof stored === "string" ? stored : "")}
        checked={typed ? typed[field.name] === "on" : stored === true}
        error={errors[field.name]}
        choices={options}
        currency={currency}
        optOutByRecipient={optOutByRecipient}
        customFields={{ definitions: options.customFields, values: initial.customFields }}
        typed={typed}
        errors={errors}
      />
    );
  };
  return (
    <form
      key={`${revision ?? ""}:${version}`}
      action={formAction}
      className="space-y-6"
      noValidate
      aria-label={leadId ? "Lead details" : "New lead"}
    >
      <FormStateMessage state={state} />
      {leadId ? <input type="hidden" name="leadId" value={leadId} /> : null}
      {GROUPS.map(({ group, legend }) => (
        <fieldset key={group} className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold text-slate-900">{legend}</legend>
          {options.fields
            .filter((field) => field.group === group)
            .map((field) =>
              field.wide ? (
                <div key={field.name} className="sm:col-span-2">
                  {input(field)}
                </div>
              ) : (
                <div key={field.name}>{input(field)}</div>
              ),
            )}
        </fieldset>
      ))}
      {options.fields
        .filter((field) => field.group === "extra")
        .map((field) => (
          <div key={field.name}>{input(field)}</div>
        ))}
      <div className="flex justify-end">
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
