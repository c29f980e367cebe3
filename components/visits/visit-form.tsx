"use client";

import { useActionState } from "react";
import Link from "next/link";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { FormStateMessage } from "@/components/ui/form-message";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";

interface Option {
  value: string;
  label: string;
}

type VisitFormState = FormState & { conflictVisitId?: string };

interface VisitFormValues {
  propertyId?: string;
  date: string;
  time: string;
  durationMinutes: string;
  agentId: string;
  notes: string;
}

// Booking and rescheduling share one form: day and time typed in the viewer's zone (named in
// the hint), length, agent and notes; booking adds the property. The lead is fixed by the page
// (a hidden field). Errors show under each field, as the server action returns them. A time that
// overlaps another visit of the agent links to that visit and, for an owner, offers "Book anyway".
export function VisitForm({
  action,
  hidden,
  initial,
  properties,
  agents,
  durations,
  zoneLabel,
  submitLabel,
  pendingLabel,
  canOverrideConflict = false,
}: {
  /** `conflictVisitId`: the visit this one would overlap (app/(app)/visits/visit-conflict-state.ts). */
  action: (previous: VisitFormState, formData: FormData) => Promise<VisitFormState>;
  hidden: Record<string, string>;
  initial: VisitFormValues;
  /** Only when booking: the visit's property is chosen once. */
  properties?: Option[];
  agents: Option[];
  durations: Option[];
  zoneLabel: string;
  submitLabel: string;
  pendingLabel: string;
  /** An owner: after a conflict, the form offers to book over it. */
  canOverrideConflict?: boolean;
}) {
  const [state, formAction] = useActionState<VisitFormState, FormData>(action, IDLE);
  const version = useFormVersion(state);
  const errors = state.fieldErrors ?? {};
  const values = state.status === "error" && state.values ? { ...initial, ...state.values } : initial;
  return (
    <form key={version} action={formAction} className="space-y-4" noValidate>
      <FormStateMessage state={state} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {errors.leadId ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.leadId}
        </p>
      ) : null}
      {properties ? (
        <SelectField
          label="Property"
          name="propertyId"
          options={properties}
          defaultValue={values.propertyId}
          error={errors.propertyId}
          required
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Day"
          name="date"
          type="date"
          defaultValue={values.date}
          error={errors.date ?? errors.scheduledAt}
          required
        />
        <TextField
          label="Time"
          name="time"
          type="time"
          defaultValue={values.time}
          error={errors.time}
          hint={`Your time zone: ${zoneLabel}`}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Length"
          name="durationMinutes"
          options={durations}
          defaultValue={values.durationMinutes}
          error={errors.durationMinutes}
        />
        <SelectField
          label="Agent"
          name="agentId"
          options={agents}
          defaultValue={values.agentId}
          error={errors.agentId}
        />
      </div>
      <TextareaField
        label="Notes"
        name="notes"
        rows={3}
        maxLength={2000}
        defaultValue={values.notes}
        error={errors.notes}
        hint="Access codes, what the lead wants to see, who else comes."
      />
      {state.conflictVisitId ? (
        <div className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm text-amber-900">
            <Link href={`/visits/${state.conflictVisitId}`} className={styles.link}>
              See the visit it overlaps
            </Link>
          </p>
          {canOverrideConflict ? (
            <CheckboxField
              label="Book anyway"
              name="allowConflict"
              hint="The agent will have two visits at once. As an owner you may; the audit log records it."
            />
          ) : null}
        </div>
      ) : null}
      <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
    </form>
  );
}
