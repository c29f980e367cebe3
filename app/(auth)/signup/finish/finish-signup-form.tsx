"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { FormStateMessage } from "@/components/ui/form-message";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { styles } from "@/components/ui/styles";
import { useScriptedForm } from "@/components/ui/use-scripted-form";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { finishSignupAction } from "../actions";

// Submitted by hand (not as a form action) so the password is still in the form when the
// account exists and the owner is signed in with it.
export function FinishSignupForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const { state, pending, buttonDisabled, formProps } = useScriptedForm<FormState>(IDLE, async (fields) => {
    const result = await finishSignupAction(IDLE, fields);
    if (result.status !== "success") return result;
    const signedIn = await signIn("credentials", {
      email,
      password: String(fields.get("password")),
      redirect: false,
    });
    if (!signedIn || signedIn.error) {
      return {
        status: "error",
        message: `Your account was created, but signing in failed: ${loginErrorMessage(signedIn?.error ?? "failed")}`,
      };
    }
    // A new agency starts on the dashboard, where its owner's setup steps are.
    router.replace("/dashboard");
    router.refresh();
    return undefined;
  });

  return (
    <form {...formProps} className="space-y-4">
      <FormStateMessage state={state} />
      <input type="hidden" name="token" value={token} />
      {/* For password managers: which login the new password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields name="password" errors={state.fieldErrors ?? {}} autoFocus />
      <button type="submit" disabled={buttonDisabled} className={`${styles.primaryButton} w-full`}>
        {pending ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
