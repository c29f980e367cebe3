"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { FormStateMessage } from "@/components/ui/form-message";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { TextField } from "@/components/ui/text-field";
import { styles } from "@/components/ui/styles";
import { useScriptedForm } from "@/components/ui/use-scripted-form";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { acceptInviteAction } from "./actions";

// Submitted by hand (not as a form action), as the signup's last step is, so the password is
// still in the form when the login exists and the new member is signed in with it.
export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const { state, pending, buttonDisabled, formProps } = useScriptedForm<FormState>(IDLE, async (fields) => {
    const result = await acceptInviteAction(IDLE, fields);
    if (result.status !== "success") return result;
    const signedIn = await signIn("credentials", { email, password: String(fields.get("password")), redirect: false });
    if (!signedIn || signedIn.error) {
      return {
        status: "error",
        message: `You joined the team, but signing in failed: ${loginErrorMessage(signedIn?.error ?? "failed")}`,
      };
    }
    router.replace("/dashboard");
    router.refresh();
    return undefined;
  });
  const errors = state.fieldErrors ?? {};

  return (
    <form {...formProps} className="space-y-4">
      <FormStateMessage state={state} />
      <input type="hidden" name="token" value={token} />
      {/* For password managers: which login the new password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        required
        autoFocus
        defaultValue={state.values?.name}
        hint="As your team and your leads will see it."
        error={errors.name}
      />
      <NewPasswordFields name="password" errors={errors} />
      <button type="submit" disabled={buttonDisabled} className={`${styles.primaryButton} w-full`}>
        {pending ? "Joining…" : "Join the team"}
      </button>
    </form>
  );
}
