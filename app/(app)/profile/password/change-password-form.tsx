"use client";

import { useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { TextField } from "@/components/ui/text-field";
import { FormStateMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { useHydrated } from "@/components/ui/use-hydrated";
import { NewPasswordFields } from "@/components/ui/new-password-fields";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { changePasswordAction } from "./actions";

// Submitted by hand (not as a form action) so the new password is still at hand to sign this
// browser in again once the change has signed every session out.
export function ChangePasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const errors = state.fieldErrors ?? {};

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await changePasswordAction(IDLE, form);
      if (result.status !== "success") {
        setState(result);
        return;
      }
      const signedIn = await signIn("credentials", {
        email,
        password: String(form.get("newPassword")),
        redirect: false,
      });
      if (!signedIn || signedIn.error) {
        router.replace("/login");
        return;
      }
      formRef.current?.reset();
      setState(result);
      router.refresh();
    });
  }

  return (
    <form method="post" ref={formRef} onSubmit={onSubmit} className="space-y-4" noValidate>
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
      <button type="submit" disabled={pending || !hydrated} className={`${styles.primaryButton} w-full sm:w-auto`}>
        {pending ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}
