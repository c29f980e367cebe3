"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { FormStateMessage } from "@/components/ui/form-message";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { styles } from "@/components/ui/styles";
import { useHydrated } from "@/components/ui/use-hydrated";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { finishSignupAction } from "../actions";

// Submitted by hand (not as a form action) so the password is still in the form when the
// account exists and the owner is signed in with it.
export function FinishSignupForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await finishSignupAction(IDLE, form);
      if (result.status !== "success") {
        setState(result);
        return;
      }
      const signedIn = await signIn("credentials", {
        email,
        password: String(form.get("password")),
        redirect: false,
      });
      if (!signedIn || signedIn.error) {
        setState({
          status: "error",
          message: `Your account was created, but signing in failed: ${loginErrorMessage(signedIn?.error ?? "failed")}`,
        });
        return;
      }
      // A new agency starts on the dashboard, where its owner's setup steps are.
      router.replace("/dashboard");
      router.refresh();
    });
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormStateMessage state={state} />
      <input type="hidden" name="token" value={token} />
      {/* For password managers: which login the new password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields name="password" errors={state.fieldErrors ?? {}} autoFocus />
      <button type="submit" disabled={pending || !hydrated} className={`${styles.primaryButton} w-full`}>
        {pending ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
