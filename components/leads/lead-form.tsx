"use client";

import { useActionState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormStateMessage } from "@/components/ui/form-message";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";
import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import { CustomFieldInputs } from "@/components/custom-fields/custom-field-inputs";

type Option = { value: string; label: string };

export interface LeadFormValues {
  name: string;
  email: string;
  phone: string;
  status: string;
  source: string;
  interest: string;
  budget: string;
  propertyId: string;
  assignedTo: string;
  tags: string;
  notes: string;
  timezone: string;
  smsOptOut: boolean;
  customFields: Record<string, unknown>;
}

interface LeadFormProps {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  initial: LeadFormValues;
  /** Present when editing: sent with the form so the action knows which lead. */
  leadId?: string;
  options: {
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

// The lead's fields, for "New lead" and the lead page. Validation is the API's schema, run
// by the action; each field shows its own error and keeps what was typed.
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
  const value = (name: Exclude<keyof LeadFormValues, "smsOptOut" | "customFields">) => typed?.[name] ?? initial[name];
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
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Contact</legend>
        <div className="sm:col-span-2">
          <TextField
            label="Name"
            name="name"
            defaultValue={value("name")}
            required
            maxLength={200}
            autoComplete="off"
            error={errors.name}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          defaultValue={value("email")}
          autoComplete="off"
          error={errors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          defaultValue={value("phone")}
          autoComplete="off"
          hint="Any format; numbers without + use your account's country."
          error={errors.phone}
        />
        <SelectField
          label="Time zone"
          name="timezone"
          options={options.timeZones}
          defaultValue={value("timezone")}
          hint="Texts go out 08:00–21:00 in this zone. Left to the phone number, the area code decides (all its zones, where it spans several)."
          error={errors.timezone}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Pipeline</legend>
        <SelectField
          label="Status"
          name="status"
          options={options.statuses}
          defaultValue={value("status")}
          error={errors.status}
        />
        <SelectField
          label="Assigned to"
          name="assignedTo"
          options={options.members}
          defaultValue={value("assignedTo")}
          error={errors.assignedTo}
        />
        <SelectField
          label="Interest"
          name="interest"
          options={options.interests}
          defaultValue={value("interest")}
          error={errors.interest}
        />
        <TextField
          label={`Budget (${currency})`}
          name="budget"
          inputMode="numeric"
          defaultValue={value("budget")}
          autoComplete="off"
          placeholder="450000"
          error={errors.budget}
        />
        <TextField
          label="Source"
          name="source"
          defaultValue={value("source")}
          maxLength={100}
          autoComplete="off"
          placeholder="website, referral, portal:zillow"
          error={errors.source}
        />
        <SelectField
          label="Property of interest"
          name="propertyId"
          options={options.properties}
          defaultValue={value("propertyId")}
          error={errors.propertyId}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Tags"
            name="tags"
            defaultValue={value("tags")}
            autoComplete="off"
            hint="Separated by commas, e.g. first-time-buyer, pre-approved."
            error={errors.tags ?? errorsOfTags(errors)}
          />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label="Notes"
            name="notes"
            defaultValue={value("notes")}
            rows={3}
            maxLength={10000}
            error={errors.notes}
          />
        </div>
        <div className="sm:col-span-2">
          {optOutByRecipient ? (
            // Not posted (disabled, no marker): a save leaves the lead's own opt-out as it is.
            <CheckboxField
              label="Opted out of SMS"
              name="smsOptOut"
              defaultChecked
              disabled
              hint="The lead replied STOP. Only the lead can opt back in, by texting START."
            />
          ) : (
            <CheckboxField
              label="Opted out of SMS"
              name="smsOptOut"
              shownName="smsOptOutShown"
              defaultChecked={typed ? typed.smsOptOut === "on" : initial.smsOptOut}
              hint="No SMS can be sent to this lead, from the app or the API."
            />
          )}
        </div>
      </fieldset>
      <CustomFieldInputs
        definitions={options.customFields}
        values={initial.customFields}
        typed={typed}
        errors={errors}
      />
      <div className="flex justify-end">
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

/** A tag's own error arrives as `tags.3`; the field shows the first. */
function errorsOfTags(errors: Record<string, string>): string | undefined {
  return Object.entries(errors).find(([path]) => path.startsWith("tags."))?.[1];
}
