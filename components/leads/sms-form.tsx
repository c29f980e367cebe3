"use client";

import { useActionState, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextareaField } from "@/components/ui/textarea-field";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";

const MAX_LENGTH = 1600;
// One SMS segment holds 160 GSM characters (153 each when split); a hint, not a rule.
const segments = (length: number) => (length <= 160 ? 1 : Math.ceil(length / 153));

// "Send SMS": the same service as the API. The server decides (phone, opt-out, provider) and
// explains a refusal; when the page already knows a send would be refused (the lead opted out),
// the button is disabled and `disabledReason` says why.
export function SmsForm({
  leadId,
  to,
  action,
  disabledReason,
  scheduleNotice,
}: {
  leadId: string;
  to: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  disabledReason?: string;
  /** Quiet hours: when a text sent now would go out. */
  scheduleNotice?: string;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const version = useFormVersion(state);
  const initial = state.status === "error" ? (state.values?.message ?? "") : "";
  return (
    <SmsFields
      key={version}
      leadId={leadId}
      to={to}
      state={state}
      formAction={formAction}
      initial={initial}
      disabledReason={disabledReason}
      scheduleNotice={scheduleNotice}
    />
  );
}

function SmsFields({
  leadId,
  to,
  state,
  formAction,
  initial,
  disabledReason,
  scheduleNotice,
}: {
  leadId: string;
  to: string;
  state: FormState;
  formAction: (formData: FormData) => void;
  initial: string;
  disabledReason?: string;
  scheduleNotice?: string;
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
      {scheduleNotice && !disabledReason ? (
        <p data-testid="sms-schedule-notice" className="text-sm text-amber-700">
          {scheduleNotice}
        </p>
      ) : null}
      {disabledReason ? (
        <p data-testid="sms-disabled-reason" className="text-sm text-slate-600">
          {disabledReason}
        </p>
      ) : null}
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Sending…" disabled={Boolean(disabledReason)}>
          Send SMS
        </SubmitButton>
      </div>
    </form>
  );
}
