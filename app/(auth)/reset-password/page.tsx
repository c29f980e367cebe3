import type { Metadata } from "next";
import Link from "next/link";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { findResetTokenLogin, INVALID_RESET_LINK } from "@/lib/auth/reset-password";
import { ResetPasswordForm } from "./reset-password-form";

// The token is in this page's URL: no Referer carries it to another site.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  const email = (await findResetTokenLogin(token))?.email;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
        {email ? (
          <p className="text-sm text-slate-600">
            For <span className="font-medium text-slate-800">{email}</span>. You will be signed out everywhere else.
          </p>
        ) : null}
      </div>
      {email ? (
        <ResetPasswordForm token={token} email={email} />
      ) : (
        <FormMessage tone="error">{INVALID_RESET_LINK}</FormMessage>
      )}
      <p className="text-sm text-slate-600">
        <Link href="/forgot-password" className={styles.link}>
          Ask for a new link
        </Link>{" "}
        ·{" "}
        <Link href="/login" className={styles.link}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
