"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { getSession, signIn } from "next-auth/react";
import { TextField } from "@/components/ui/text-field";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { useHydrated } from "@/components/ui/use-hydrated";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { homePathFor, safeCallbackPath } from "@/lib/auth/home-path";

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string | null; initialError: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(() => loginErrorMessage(initialError));
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      setError(null);
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (!result || result.error) {
        setError(loginErrorMessage(result?.error ?? "failed"));
        return;
      }
      const session = await getSession();
      const target =
        safeCallbackPath(callbackUrl, window.location.origin) ?? homePathFor(session?.user.role ?? "staff");
      router.replace(target);
      router.refresh();
    });
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <button type="submit" disabled={pending || !hydrated} className={`${styles.primaryButton} w-full`}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
