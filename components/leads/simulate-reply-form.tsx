"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";

// The local log provider only: write a message as if the lead had texted it, through the same
// path as Twilio's inbound webhook (STOP and START act as they would).
export function SimulateReplyForm({
  leadId,
  action,
}: {
  leadId: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  return (
    <form
      key={version}
      action={formAction}
      className="space-y-3 border-t border-dashed border-slate-200 pt-4"
      noValidate
      aria-label="Simulate a reply"
    >
      <input type="hidden" name="leadId" value={leadId} />
      <TextareaField
        label="Reply as the lead"
        name="body"
        idPrefix="simulate"
        rows={2}
        maxLength={1600}
        defaultValue={state.status === "error" ? state.values?.body : undefined}
        hint="Development: the log provider sends nothing, so replies are simulated here. Try STOP or START."
        error={state.fieldErrors?.body}
      />
      {state.status === "error" && state.message && !state.fieldErrors?.body ? (
        <FormMessage tone="error">{state.message}</FormMessage>
      ) : null}
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Simulating…" variant="secondary">
          Simulate reply
        </SubmitButton>
      </div>
    </form>
  );
}
