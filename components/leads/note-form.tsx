"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";

// "Add note": a note on the lead's timeline, signed with the user's name.
export function NoteForm({
  leadId,
  action,
  maxLength,
}: {
  leadId: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  maxLength: number;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  return (
    <form key={version} action={formAction} className="space-y-3" noValidate aria-label="Add note">
      <input type="hidden" name="leadId" value={leadId} />
      <TextareaField
        label="Note"
        name="text"
        idPrefix="note"
        rows={3}
        maxLength={maxLength}
        placeholder="Called back, wants to see the garden flat on Saturday…"
        defaultValue={state.status === "error" ? state.values?.text : undefined}
        error={state.fieldErrors?.text}
      />
      {state.status === "error" && state.message && !state.fieldErrors?.text ? (
        <FormMessage tone="error">{state.message}</FormMessage>
      ) : null}
      {state.status === "success" && state.message ? <FormMessage tone="success">{state.message}</FormMessage> : null}
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Adding…">Add note</SubmitButton>
      </div>
    </form>
  );
}
