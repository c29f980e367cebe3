"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { FormStateMessage } from "@/components/ui/form-message";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { TextField } from "@/components/ui/text-field";
import { styles } from "@/components/ui/styles";
import { useHydrated } from "@/components/ui/use-hydrated";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { acceptInviteAction } from "./actions";

// Submitted by hand (not as a form action), as the signup's last step is, so the password is
// still in the form when the login exists and the new member is signed in with it.
export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const errors = state.fieldErrors ?? {};

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await acceptInviteAction(IDLE, form);
      if (result.status !== "success") {
        setState(result);
        return;
      }
      const signedIn = await signIn("credentials", { email, password: String(form.get("password")), redirect: false });
      if (!signedIn || signedIn.error) {
        setState({
          status: "error",
          message: `You joined the team, but signing in failed: ${loginErrorMessage(signedIn?.error ?? "failed")}`,
        });
        return;
      }
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
      <button type="submit" disabled={pending || !hydrated} className={`${styles.primaryButton} w-full`}>
        {pending ? "Joining…" : "Join the team"}
      </button>
    </form>
  );
}
