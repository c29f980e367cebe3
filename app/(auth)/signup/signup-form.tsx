"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { TextField } from "@/components/ui/text-field";
import { SelectField } from "@/components/ui/select-field";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { MIN_PASSWORD_LENGTH } from "@/lib/accounts/password-rules";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { IDLE, type FormState } from "@/lib/ui/form-state";
import { signUpAction } from "./actions";

const PLAN_OPTIONS = [
  { value: "starter", label: `${PLAN_LABELS.starter} – leads, properties and visits` },
  { value: "professional", label: `${PLAN_LABELS.professional} – for growing teams` },
  { value: "agency", label: `${PLAN_LABELS.agency} – everything, including the Public API` },
];

// Submitted by hand (not as a form action) so the password is still in the form when the
// account exists and the owner is signed in with it.
export function SignupForm() {
  const router = useRouter();
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  const errors = state.fieldErrors ?? {};

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Times in the app are shown in this zone; changeable later under Profile.
    form.set("timezone", Intl.DateTimeFormat().resolvedOptions().timeZone);
    startTransition(async () => {
      const result = await signUpAction(form);
      if (result.status !== "success") {
        setState(result);
        return;
      }
      const signedIn = await signIn("credentials", {
        email: String(form.get("email")),
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
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {state.status === "error" && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <TextField
        label="Agency name"
        name="agencyName"
        autoComplete="organization"
        required
        error={errors.agencyName}
        autoFocus
      />
      <TextField label="Your name" name="name" autoComplete="name" required error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password}
      />
      <SelectField label="Plan" name="plan" options={PLAN_OPTIONS} defaultValue="agency" error={errors.plan} />
      <button type="submit" disabled={pending} className={`${styles.primaryButton} w-full`}>
        {pending ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
