"use client";

import { useActionState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { IDLE } from "@/components/ui/form-state";
import { MailSentNotice } from "../mail-sent-notice";
import { signUpAction } from "./actions";

const PLAN_OPTIONS = [
  { value: "starter", label: `${PLAN_LABELS.starter} – leads, properties and visits` },
  { value: "professional", label: `${PLAN_LABELS.professional} – for growing teams` },
  { value: "agency", label: `${PLAN_LABELS.agency} – everything, including the Public API` },
];

// One answer for every email: the mail says whether it finishes a new account or the address has
// a login already, so the page cannot tell anyone which emails exist.
export function SignupForm({ linkHours, localOutbox }: { linkHours: number; localOutbox: boolean }) {
  const [state, formAction] = useActionState(signUpAction, IDLE);
  if (state.status === "success") {
    return (
      <MailSentNotice localOutbox={localOutbox} noMail="Check your spam folder and that the address is right.">
        Check your inbox: we have sent a mail to {state.values?.email}. Open its link within {linkHours} hours to choose
        your password and finish creating your account.
      </MailSentNotice>
    );
  }
  // Each field keeps what was typed and shows its own error after a refused submit.
  const typed = (name: string) => ({ name, defaultValue: state.values?.[name], error: state.fieldErrors?.[name] });
  return (
    <form
      action={(form: FormData) => {
        // Times in the app are shown in this zone; changeable later under Profile.
        form.set("timezone", Intl.DateTimeFormat().resolvedOptions().timeZone);
        formAction(form);
      }}
      className="space-y-4"
      noValidate
    >
      <FormStateMessage state={state} />
      <TextField label="Agency name" {...typed("agencyName")} autoComplete="organization" required autoFocus />
      <TextField label="Your name" {...typed("name")} autoComplete="name" required />
      <TextField label="Email" {...typed("email")} type="email" autoComplete="email" required />
      <SelectField
        label="Plan"
        {...typed("plan")}
        options={PLAN_OPTIONS}
        defaultValue={state.values?.plan ?? "agency"}
      />
      <div className="[&>button]:w-full">
        <SubmitButton pendingLabel="Sending…">Create account</SubmitButton>
      </div>
    </form>
  );
}
