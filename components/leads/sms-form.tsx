"use client";

import { useActionState, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/lib/ui/form-state";

const MAX_LENGTH = 1600;
// One SMS segment holds 160 GSM characters (153 each when split); a hint, not a rule.
const segments = (length: number) => (length <= 160 ? 1 : Math.ceil(length / 153));

// "Send SMS": the same service as the API. The server decides (phone, opt-out, provider) and
// explains a refusal; the page only hides the form when it already knows it would be refused.
export function SmsForm({
  leadId,
  to,
  action,
}: {
  leadId: string;
  to: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  const initial = state.status === "error" ? (state.values?.message ?? "") : "";
  return <SmsFields key={version} leadId={leadId} to={to} state={state} formAction={formAction} initial={initial} />;
}

function SmsFields({
  leadId,
  to,
  state,
  formAction,
  initial,
}: {
  leadId: string;
  to: string;
  state: FormState;
  formAction: (formData: FormData) => void;
  initial: string;
}) {
  const [length, setLength] = useState(initial.length);
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Send SMS">
      <input type="hidden" name="leadId" value={leadId} />
      <div onInput={(event) => setLength((event.target as HTMLTextAreaElement).value.length)}>
        <TextareaField
          label="Message"
          name="message"
          idPrefix="sms"
          rows={3}
          maxLength={MAX_LENGTH}
          defaultValue={initial}
          hint={`To ${to} · ${length.toLocaleString("en-US")} / ${MAX_LENGTH.toLocaleString("en-US")} characters · ${segments(length)} SMS`}
          error={state.fieldErrors?.message}
        />
      </div>
      {state.status === "error" && state.message && !state.fieldErrors?.message ? (
        <FormMessage tone="error">{state.message}</FormMessage>
      ) : null}
      {state.status === "success" && state.message ? <FormMessage tone="success">{state.message}</FormMessage> : null}
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Sending…">Send SMS</SubmitButton>
      </div>
    </form>
  );
}
