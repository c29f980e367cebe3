"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { TextField } from "@/components/ui/text-field";
import { FormStateMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { useScriptedForm } from "@/components/ui/use-scripted-form";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { changePasswordAction } from "./actions";

// Submitted by hand (not as a form action) so the new password is still at hand to sign this
// browser in again once the change has signed every session out.
export function ChangePasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const { state, pending, buttonDisabled, formProps } = useScriptedForm<FormState>(IDLE, async (fields, form) => {
    const result = await changePasswordAction(IDLE, fields);
    if (result.status !== "success") return result;
    const signedIn = await signIn("credentials", {
      email,
      password: String(fields.get("newPassword")),
      redirect: false,
    });
    if (!signedIn || signedIn.error) {
      router.replace("/login");
      return undefined;
    }
    form.reset();
    router.refresh();
    return result;
  });
  const errors = state.fieldErrors ?? {};

  return (
    <form {...formProps} className="space-y-4">
      <FormStateMessage state={state} />
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <NewPasswordFields name="newPassword" errors={errors} />
      <button type="submit" disabled={buttonDisabled} className={`${styles.primaryButton} w-full sm:w-auto`}>
        {pending ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}
