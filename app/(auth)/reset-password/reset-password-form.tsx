"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { IDLE } from "@/components/ui/form-state";
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
      <NewPasswordFields name="password" errors={errors} autoFocus />
      <div className="[&>button]:w-full">
        <SubmitButton pendingLabel="Saving…">Set new password</SubmitButton>
      </div>
    </form>
  );
}
