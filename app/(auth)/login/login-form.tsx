"use client";

import { useRouter } from "next/navigation";
import { getSession, signIn } from "next-auth/react";
import { TextField } from "@/components/ui/text-field";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { useScriptedForm } from "@/components/ui/use-scripted-form";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { homePathFor, safeCallbackPath } from "@/lib/auth/home-path";

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string | null; initialError: string | null }) {
  const router = useRouter();
  const {
    state: error,
    buttonDisabled,
    pending,
    formProps,
  } = useScriptedForm<string | null>(
    () => loginErrorMessage(initialError),
    async (fields) => {
      const result = await signIn("credentials", {
        email: String(fields.get("email") ?? ""),
        password: String(fields.get("password") ?? ""),
        redirect: false,
      });
      if (!result || result.error) return loginErrorMessage(result?.error ?? "failed");
      const session = await getSession();
      const target =
        safeCallbackPath(callbackUrl, window.location.origin) ?? homePathFor(session?.user.role ?? "staff");
      router.replace(target);
      router.refresh();
      return undefined;
    },
    { sending: null },
  );

  return (
    <form {...formProps} className="space-y-4">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <button type="submit" disabled={buttonDisabled} className={`${styles.primaryButton} w-full`}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
