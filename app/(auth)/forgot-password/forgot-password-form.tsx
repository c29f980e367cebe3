"use client";

import { useActionState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { IDLE } from "@/components/ui/form-state";
import { MailSentNotice } from "../mail-sent-notice";
import { forgotPasswordAction } from "./actions";

// One answer for every email: the same words whether or not it has a login.
export function ForgotPasswordForm({ resetMinutes, localOutbox }: { resetMinutes: number; localOutbox: boolean }) {
  const [state, formAction] = useActionState(forgotPasswordAction, IDLE);
  if (state.status === "success") {
    return (
      <MailSentNotice
        localOutbox={localOutbox}
        noMail="Check your spam folder, make sure you typed the address you sign in with, or ask your account owner."
      >
        If {state.values?.email} has a LeadProp login, we have sent it a link to choose a new password. The link works
        once, for {resetMinutes} minutes.
      </MailSentNotice>
    );
  }
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <FormStateMessage state={state} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        autoFocus
        defaultValue={state.values?.email}
        error={state.fieldErrors?.email}
      />
      <div className="[&>button]:w-full">
        <SubmitButton pendingLabel="Sending…">Send reset link</SubmitButton>
      </div>
    </form>
  );
}
