import type { Metadata } from "next";
import Link from "next/link";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { INVALID_SIGNUP_LINK } from "@/lib/accounts/finish-signup";
import { openSignupLink } from "@/lib/accounts/signup-link";
import { FinishSignupForm } from "./finish-signup-form";

// The token is in this page's URL: no Referer carries it to another site.
export const metadata: Metadata = { title: "Finish creating your account", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

// Opened from the signup mail: proof the address is the signer's. Choosing the password creates
// the account (a GET creates nothing: mail scanners open links too).
export default async function FinishSignupPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  const signup = openSignupLink(token, new Date());
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Finish creating your account</h1>
        {signup ? (
          <p className="text-sm text-slate-600">
            {signup.agencyName}, with <span className="font-medium text-slate-800">{signup.email}</span> as its owner.
            Choose your password.
          </p>
        ) : null}
      </div>
      {signup ? (
        <FinishSignupForm token={token} email={signup.email} />
      ) : (
        <FormMessage tone="error">{INVALID_SIGNUP_LINK}</FormMessage>
      )}
      <p className="text-sm text-slate-600">
        <Link href="/signup" className={styles.link}>
          Sign up again
        </Link>{" "}
        ·{" "}
        <Link href="/login" className={styles.link}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
