"use client";

import { useActionState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { MIN_PASSWORD_LENGTH } from "@/lib/accounts/password-rules";
import { IDLE } from "@/lib/ui/form-state";
import { resetPasswordAction } from "./actions";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, formAction] = useActionState(resetPasswordAction, IDLE);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <FormStateMessage state={state} />
      <input type="hidden" name="token" value={token} />
      {/* For password managers: which login the new password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        minLength={MIN_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <div className="[&>button]:w-full">
        <SubmitButton pendingLabel="Saving…">Set new password</SubmitButton>
      </div>
    </form>
  );
}
