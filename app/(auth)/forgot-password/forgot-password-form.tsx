"use client";

import { useActionState } from "react";
import Link from "next/link";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormMessage, FormStateMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { IDLE } from "@/components/ui/form-state";
import { forgotPasswordAction } from "./actions";

// One answer for every email: the same words whether or not it has a login.
export function ForgotPasswordForm({ resetMinutes, localOutbox }: { resetMinutes: number; localOutbox: boolean }) {
  const [state, formAction] = useActionState(forgotPasswordAction, IDLE);
  if (state.status === "success") {
    return (
      <div className="space-y-4">
        <FormMessage tone="success">
          If {state.values?.email} has a LeadProp login, we have sent it a link to choose a new password. The link works
          once, for {resetMinutes} minutes.
        </FormMessage>
        <p className="text-sm text-slate-600">
          No email after a few minutes? Check your spam folder, make sure you typed the address you sign in with, or ask
          your account owner.
        </p>
        {localOutbox ? (
          <p className="text-sm text-slate-600">
            This server keeps its mail instead of sending it:{" "}
            <Link href="/dev/mail" className={styles.link}>
              open the local outbox
            </Link>
            .
          </p>
        ) : null}
      </div>
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
