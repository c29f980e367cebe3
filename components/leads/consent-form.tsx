"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";

const STATUS_OPTIONS = [
  { value: "granted", label: "Granted: they agreed to be texted" },
  { value: "revoked", label: "Revoked: they asked not to be texted" },
];

// "Record consent": what the lead said, how, and when (in the viewer's zone; empty is now).
export function ConsentForm({
  leadId,
  action,
  zone,
  grantBlocked,
}: {
  leadId: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  zone: string;
  /** The lead withdrew by STOP: only their START grants again, so only revoked is offered. */
  grantBlocked: boolean;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  const failed = state.status === "error" ? state.values : undefined;
  const errors = state.fieldErrors ?? {};
  const shown = new Set(["sms.status", "sms.source", "sms.text", "sms.at"]);
  return (
    <form key={version} action={formAction} className="space-y-3" noValidate aria-label="Record consent">
      <input type="hidden" name="leadId" value={leadId} />
      <SelectField
        label="Consent"
        name="sms.status"
        idPrefix="consent"
        options={grantBlocked ? STATUS_OPTIONS.slice(1) : STATUS_OPTIONS}
        defaultValue={failed?.["sms.status"]}
        error={errors["sms.status"]}
      />
      <TextField
        label="How"
        name="sms.source"
        idPrefix="consent"
        placeholder="verbal, paper form, email…"
        maxLength={200}
        defaultValue={failed?.["sms.source"]}
        error={errors["sms.source"]}
      />
      <TextareaField
        label="Their words, or the wording they agreed to"
        name="sms.text"
        idPrefix="consent"
        rows={2}
        maxLength={2000}
        defaultValue={failed?.["sms.text"]}
        error={errors["sms.text"]}
      />
      <TextField
        label="When"
        name="sms.at"
        type="datetime-local"
        idPrefix="consent"
        hint={`Time in ${zone}. Leave empty for now.`}
        defaultValue={failed?.["sms.at"]}
        error={errors["sms.at"]}
      />
      {state.status === "error" && state.message && !Object.keys(errors).some((k) => shown.has(k)) ? (
        <FormMessage tone="error">{state.message}</FormMessage>
      ) : null}
      {state.status === "success" && state.message ? <FormMessage tone="success">{state.message}</FormMessage> : null}
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Recording…">Record consent</SubmitButton>
      </div>
    </form>
  );
}
